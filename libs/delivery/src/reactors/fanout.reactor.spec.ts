import type { RecordedEvent } from '@eh/event-store';
import { fanoutAccepts, fanoutHandler } from './fanout.reactor';

const event = (type: string): RecordedEvent => ({
  id: 'evt_1',
  type,
  data: {},
  metadata: { workspace_id: 'ws_1', correlation_id: 'req_1', causation_id: null, schema_version: 1, occurred_at: '2030-01-01T00:00:00.000Z' },
  streamName: 'deployment-dep_1',
  streamRevision: 0,
  checkpoint: '0',
  recordedAt: '2030-01-01T00:00:00.000Z',
});

describe('what the fan-out consumer acts on', () => {
  it.each([
    'deployment.accepted', 'deployment.in_progress', 'deployment.needs_input', 'deployment.reply_received',
    'deployment.completed', 'deployment.cancelled', 'deployment.expired', 'usage.threshold_reached', 'delivery.replay_requested',
    'handoff.in_review', 'handoff.needs_input', 'handoff.ready', 'handoff.cancelled', 'handoff.expired',
  ])('%s', (type) => {
    expect(fanoutAccepts(event(type))).toBe(true);
  });

  it.each(['deployment.offered', 'delivery.scheduled', 'delivery.attempted', 'delivery.succeeded', 'workspace.created', 'webhook_endpoint.registered', 'handoff.opened', 'memory.entry_created'])(
    'skips %s without a database round trip',
    (type) => {
      expect(fanoutAccepts(event(type))).toBe(false);
    },
  );
});

describe('issue 13: a test event scheduled by the gateway', () => {
  it('is taken up (the gateway has no queue), while every other scheduled delivery is skipped', () => {
    expect(fanoutAccepts({ ...event('delivery.scheduled'), data: { event_type: 'webhook.test' } })).toBe(true);
    expect(fanoutAccepts({ ...event('delivery.scheduled'), data: { event_type: 'deployment.completed' } })).toBe(false);
  });
});

describe('issue 14: deployment.created', () => {
  it('is only noted in memory: no store read, no scheduling, nothing recorded', async () => {
    const untouched = (): never => {
      throw new Error('the fan-out touched I/O for deployment.created');
    };
    const learnt: string[] = [];
    const handle = fanoutHandler({
      store: { append: untouched, read: untouched, readAll: untouched, waitForAppend: untouched, appendsHeard: untouched, close: untouched },
      scheduler: { enqueue: untouched },
      clock: () => new Date('2030-01-01T00:00:00.000Z'),
      mayHaveDestinations: untouched,
      learnDeployment: (created) => void learnt.push(created.id),
    });
    expect(fanoutAccepts(event('deployment.created'))).toBe(true);
    await expect(handle(event('deployment.created'))).resolves.toBe('nothing_done');
    expect(learnt).toEqual(['evt_1']);
  });
});
