import { deploymentStreamName, handoffStreamName, type DeploymentEvent, type HandoffOpened } from '@eh/contracts';
import type { NewEvent } from '@eh/event-store';
import { postgresStorePerSuite } from '@eh/event-store/testing';
import { allMigrations, inlineProjections } from '../../../../test/support/all-contexts';
import { syncHandoff } from './sync-handoff.handler';
import { plainDeploymentData } from '@eh/contracts/testing';

const WS = 'ws_01JDDDDDDDDDDDDDDDDDDDDDDD';
const HND = 'hnd_01JEEEEEEEEEEEEEEEEEEEEEEE';
const DEP = `dep_${HND.slice(4)}`;
const EXPERT = { id: 'spec_01JBBBBBBBBBBBBBBBBBBBBBBB', name: 'Ada Lane', role: 'Brand strategist' };
const at = (second: number): string => `2030-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;

function recorded(event: DeploymentEvent | HandoffOpened, index: number, stream: string): NewEvent {
  return {
    id: `evt_${stream.slice(0, 3)}${String(index).padStart(23, '0')}`,
    type: event.type,
    data: event.data,
    metadata: { workspace_id: WS, correlation_id: 'req_1', causation_id: null, schema_version: 1, occurred_at: at(index) },
  };
}

const deploymentEvents: DeploymentEvent[] = [
  {
    type: 'deployment.created',
    data: plainDeploymentData({
      deployment_id: DEP,
      workspace_id: WS,
      mode: 'test',
      brief: 'Rewrite the hero.',
      skills: ['copywriting'],
      sla_deadline: at(59),
      credits_reserved: 0,
      created_at: at(0),
      handoff: { handoff_id: HND, artifact: 'hero.md', memory: [] },
    }),
  } as DeploymentEvent,
  { type: 'deployment.accepted', data: { deployment_id: DEP, expert: EXPERT, accepted_at: at(1) } } as DeploymentEvent,
  { type: 'deployment.in_progress', data: { deployment_id: DEP, started_at: at(2) } } as DeploymentEvent,
  {
    type: 'deployment.completed',
    data: { deployment_id: DEP, output: { format: 'markdown', body: '# Hero', attachments: [] }, credits_charged: 0, duration_seconds: 3, completed_at: at(3) },
  } as DeploymentEvent,
];

const opened: HandoffOpened = {
  type: 'handoff.opened',
  data: {
    handoff_id: HND,
    workspace_id: WS,
    mode: 'test',
    deployment_id: DEP,
    surface: 'editor',
    outcome: 'copywriting',
    route: 'expert',
    trigger: null,
    policy: 'none',
    artifact: 'hero.md',
    context: { goal: 'A hero.', files: [], memory_keys: [] },
    skills: ['copywriting'],
    urgency: 'standard',
    metadata: {},
    opened_at: at(0),
  },
};

/** The router's pullers may take a deployment's later event first; the handoff still passes through each state. */
describe('syncHandoff against PostgreSQL', () => {
  const env = postgresStorePerSuite(allMigrations, { inlineProjections });
  const handoffTypes = async (): Promise<string[]> => (await env.store.read(handoffStreamName(HND))).map((event) => event.type);

  beforeAll(async () => {
    await env.store.append(
      deploymentStreamName(DEP),
      deploymentEvents.map((event, index) => recorded(event, index, 'dep')),
      'no_stream',
    );
    await env.store.append(handoffStreamName(HND), [recorded(opened, 0, 'hnd')], 'no_stream');
  });

  it('mirrors the completed event first without skipping in_review, then the earlier events change nothing', async () => {
    const state = await syncHandoff(env.store, DEP, 3);
    expect(state).toMatchObject({ status: 'ready', deployment_revision: 3, expert_id: EXPERT.id });
    expect(await handoffTypes()).toEqual(['handoff.opened', 'handoff.in_review', 'handoff.ready']);
    // The in_review step is the accepted event's: its time, not the completed one's.
    const [, inReview] = await env.store.read(handoffStreamName(HND));
    expect(inReview?.data).toMatchObject({ deployment_revision: 1, at: at(1) });
    for (const revision of [1, 2, 0, 3]) await syncHandoff(env.store, DEP, revision);
    expect(await handoffTypes()).toEqual(['handoff.opened', 'handoff.in_review', 'handoff.ready']);
  });
});
