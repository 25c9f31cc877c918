import { deploymentStreamName, newId, type DeploymentEvent } from '@eh/contracts';
import { deploymentDecider, SYNTHETIC_EXPERT, timersImpliedBy, type DeploymentCommand, type DeploymentState } from '@eh/deployments';
import { FollowedStreams, handleCommand, type EventStore, type RecordedEvent } from '@eh/event-store';
import { postgresStorePerSuite } from '@eh/event-store/testing';
import type { TestDatabase } from '@eh/platform/testing';
import { allMigrations, inlineProjections } from '../../../../test/support/all-contexts';
import { FinishedAtBirth } from './finished-at-birth';
import { reactToDeployment, type DeploymentReactorDeps } from './routing.reactor';
import { timersOfDeployment } from '../adapters/routing-view.query';
import { plainDeploymentData } from '@eh/contracts/testing';

const NOW = new Date('2030-01-01T00:00:00.000Z');

/** A test-mode deployment with nothing scripted: the synthetic expert completes it at once. */
function createCommand(id: string, metadata: Record<string, string> = {}): DeploymentCommand {
  return {
    type: 'create',
    data: plainDeploymentData({
      deployment_id: id,
      metadata,
      workspace_id: 'ws_test',
      mode: 'test',
      brief: 'b',
      skills: ['naming'],
      sla_deadline: new Date(NOW.getTime() + 3_600_000).toISOString(),
      credits_reserved: 0,
      created_at: NOW.toISOString(),
    }),
  };
}

type Synced = { deploymentId: string; finished: boolean; state?: DeploymentState }[];

/** The router's deps on this database, its timer syncs noted in `synced` instead of reaching Redis. */
function reactorDeps(
  store: EventStore,
  sql: TestDatabase['pool'],
  synced: Synced,
  extra: Pick<DeploymentReactorDeps, 'followed' | 'finishedAtBirth'>,
): DeploymentReactorDeps {
  return {
    store,
    sql,
    offerTimeoutSeconds: 60,
    briefFitHalfLifeSeconds: 60,
    replyWindowSeconds: 60,
    timers: {
      syncDeployment: async (deploymentId, { finished, state }) => void synced.push({ deploymentId, finished, ...(state ? { state } : {}) }),
    },
    ...extra,
  };
}

/** An event the router's followed fold has already passed costs nothing. */
describe('reactToDeployment (PostgreSQL)', () => {
  const env = postgresStorePerSuite(allMigrations, { inlineProjections });

  it('skips an event behind the followed fold whole (no read, no timer sync); the latest syncs the timers once no step of its own is pending', async () => {
    const id = newId('deployment');
    const stream = deploymentStreamName(id);
    const create = createCommand(id);
    const context = { workspaceId: 'ws_test', correlationId: 'req_test', causationId: null, now: NOW.toISOString() };
    const followed = new FollowedStreams<DeploymentEvent, DeploymentState>(deploymentDecider);
    await handleCommand(env.store, deploymentDecider, stream, create, context, { snapshots: followed });
    await handleCommand(env.store, deploymentDecider, stream, { type: 'accept', expert: SYNTHETIC_EXPERT, now: NOW.toISOString() }, context, {
      snapshots: followed,
    });
    const [created, accepted] = await env.store.read(stream);

    const reads: string[] = [];
    // The real store, with each stream read noted.
    const counting: EventStore = Object.create(env.store) as EventStore;
    counting.read = (name, options) => (reads.push(name), env.store.read(name, options));
    const synced: Synced = [];
    const deps = reactorDeps(counting, env.db.pool, synced, { followed });
    await reactToDeployment(deps, created);
    expect([reads, synced]).toEqual([[], []]);
    // The latest event is handled: the synthetic expert takes its next steps, and the timers
    // wait for the events it appended, which come back through the durable.
    await reactToDeployment(deps, accepted);
    expect(synced).toEqual([]);
    const appended = (await env.store.read(stream)).slice(2);
    expect(appended.map((event) => event.type)).toEqual(['deployment.in_progress', 'deployment.completed']);
    for (const event of appended) await reactToDeployment(deps, event);
    // Only the stream's latest, which takes no step, syncs them: finished, so without a read.
    expect(synced).toEqual([{ deploymentId: id, finished: true }]);
  });

  it('the latest event syncs the timers with the fold it handled, which implies the very timers the view holds', async () => {
    const id = newId('deployment');
    const stream = deploymentStreamName(id);
    const context = { workspaceId: 'ws_test', correlationId: 'req_test', causationId: null, now: NOW.toISOString() };
    const followed = new FollowedStreams<DeploymentEvent, DeploymentState>(deploymentDecider);
    // A scripted duration: the synthetic expert accepts and starts, and its work is a timer.
    await handleCommand(env.store, deploymentDecider, stream, createCommand(id, { test_duration_seconds: '30' }), context, { snapshots: followed });
    const synced: Synced = [];
    const deps = reactorDeps(env.store, env.db.pool, synced, { followed });
    const [created] = await env.store.read(stream);
    await reactToDeployment(deps, created);
    const appended = (await env.store.read(stream)).slice(1);
    expect(appended.map((event) => event.type)).toEqual(['deployment.accepted', 'deployment.in_progress']);
    for (const event of appended) await reactToDeployment(deps, event);

    expect(synced).toEqual([{ deploymentId: id, finished: false, state: expect.objectContaining({ status: 'in_progress' }) }]);
    const fromFold = timersImpliedBy(synced[0]?.state as DeploymentState);
    const inView = await timersOfDeployment(env.db.pool, id);
    expect(fromFold.map((timer) => timer.kind)).toEqual(['work']);
    expect(inView.map(({ jobId, kind, dueAt, offerNumber }) => ({ jobId, kind, dueAt: dueAt.toISOString(), offerNumber }))).toEqual(fromFold);
  });

  it('a process that keeps no folds syncs without one: the timers are read from the view', async () => {
    const id = newId('deployment');
    const stream = deploymentStreamName(id);
    const context = { workspaceId: 'ws_test', correlationId: 'req_test', causationId: null, now: NOW.toISOString() };
    await handleCommand(env.store, deploymentDecider, stream, createCommand(id, { test_script: 'stay_accepted' }), context);
    await handleCommand(env.store, deploymentDecider, stream, { type: 'accept', expert: SYNTHETIC_EXPERT, now: NOW.toISOString() }, context);
    const accepted = (await env.store.read(stream))[1] as RecordedEvent;
    const synced: Synced = [];
    await reactToDeployment(reactorDeps(env.store, env.db.pool, synced, {}), accepted);
    expect(synced).toEqual([{ deploymentId: id, finished: false }]);
  });

  it('a deployment it took from its creation to its end in one append has no timer to remove: its last event syncs nothing', async () => {
    const outcomes: Synced[] = [];
    for (const finishedAtBirth of [new FinishedAtBirth(), undefined]) {
      const id = newId('deployment');
      const stream = deploymentStreamName(id);
      const context = { workspaceId: 'ws_test', correlationId: 'req_test', causationId: null, now: NOW.toISOString() };
      const followed = new FollowedStreams<DeploymentEvent, DeploymentState>(deploymentDecider);
      await handleCommand(env.store, deploymentDecider, stream, createCommand(id), context, { snapshots: followed });
      const synced: Synced = [];
      const deps = reactorDeps(env.store, env.db.pool, synced, { followed, finishedAtBirth });
      const [created] = await env.store.read(stream);
      // The synthetic expert has nothing to wait for: accept, start and publish in one append.
      await reactToDeployment(deps, created);
      const appended = (await env.store.read(stream)).slice(1);
      expect(appended.map((event) => event.type)).toEqual(['deployment.accepted', 'deployment.in_progress', 'deployment.completed']);
      for (const event of appended) await reactToDeployment(deps, event);
      outcomes.push(synced);
    }
    const [remembered, forgotten] = outcomes;
    expect(remembered).toEqual([]);
    // Without the memory (another replica, a restart), the last event removes the timers as before.
    expect(forgotten).toEqual([{ deploymentId: expect.any(String), finished: true }]);
  });
});
