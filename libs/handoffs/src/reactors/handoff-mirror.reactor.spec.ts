import type { DeploymentEvent, DeploymentHandoffRef } from '@eh/contracts';
import { deploymentDecider, type DeploymentState } from '@eh/deployments';
import { FollowedStreams, type EventStore, type RecordedEvent } from '@eh/event-store';
import { reactToDeploymentForHandoff } from './handoff-mirror.reactor';
import { plainDeploymentData } from '@eh/contracts/testing';

const DEP = 'dep_01JAAAAAAAAAAAAAAAAAAAAAAA';
const EXPERT = { id: 'spec_01JBBBBBBBBBBBBBBBBBBBBBBB', name: 'Ada Lane', role: 'Brand strategist' };
const AT = '2025-03-01T10:00:00.000Z';

const created = (handoff: DeploymentHandoffRef | null): DeploymentEvent =>
  ({
    type: 'deployment.created',
    data: plainDeploymentData({
      deployment_id: DEP,
      workspace_id: 'ws_01JDDDDDDDDDDDDDDDDDDDDDDD',
      mode: 'test',
      brief: 'A tagline.',
      skills: ['copywriting'],
      sla_deadline: AT,
      credits_reserved: 0,
      created_at: AT,
      ...(handoff ? { handoff } : {}),
    }),
  }) as DeploymentEvent;
const accepted: DeploymentEvent = { type: 'deployment.accepted', data: { deployment_id: DEP, expert: EXPERT, accepted_at: AT } } as DeploymentEvent;
const started: DeploymentEvent = { type: 'deployment.in_progress', data: { deployment_id: DEP, started_at: AT } } as DeploymentEvent;

const recorded = (event: DeploymentEvent, revision: number): RecordedEvent =>
  ({
    id: `evt_${revision}`,
    streamName: `deployment-${DEP}`,
    streamRevision: revision,
    type: event.type,
    data: event.data,
    metadata: {},
    recordedAt: new Date(AT),
  }) as unknown as RecordedEvent;

/** A store that records every use: the mirror must not read for a deployment no handoff opened. */
function watchedStore(): { store: EventStore; uses: string[] } {
  const uses: string[] = [];
  const store = new Proxy({} as EventStore, {
    get: (_, property) => {
      uses.push(String(property));
      return () => Promise.reject(new Error(`store.${String(property)} used`));
    },
  });
  return { store, uses };
}

describe('reactToDeploymentForHandoff (riding on router-deployments, several pullers)', () => {
  it('skips a plain deployment’s events without a read, even when they come out of order', async () => {
    const followed = new FollowedStreams<DeploymentEvent, DeploymentState>(deploymentDecider);
    const { store, uses } = watchedStore();
    await expect(reactToDeploymentForHandoff(store, recorded(created(null), 0), followed)).resolves.toBe('nothing_done');
    // Revision 2 before revision 1: the fold cannot continue, but it already knows no handoff opened this deployment.
    await expect(reactToDeploymentForHandoff(store, recorded(started, 2), followed)).resolves.toBe('nothing_done');
    await expect(reactToDeploymentForHandoff(store, recorded(accepted, 1), followed)).resolves.toBe('nothing_done');
    expect(uses).toEqual([]);
  });

  it('goes to the store when it knows nothing of the deployment (its creation went to another replica)', async () => {
    const followed = new FollowedStreams<DeploymentEvent, DeploymentState>(deploymentDecider);
    const { store, uses } = watchedStore();
    await expect(reactToDeploymentForHandoff(store, recorded(accepted, 1), followed)).rejects.toThrow(/store\..* used/);
    expect(uses.length).toBeGreaterThan(0);
  });
});
