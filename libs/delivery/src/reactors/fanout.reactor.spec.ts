import type { RecordedEvent } from '@eh/event-store';
import { WebhookReads } from '../application/webhook-reads';
import { WebhookDestinations } from '../application/webhook-destinations';
import { PUBLIC_EVENT_TYPES } from '@eh/contracts';
import { FANOUT_DURABLES, fanoutAccepts, fanoutHandler } from './fanout.reactor';

const event = (type: string, streamName = 'deployment-dep_1'): RecordedEvent => ({
  id: 'evt_1',
  type,
  data: {},
  metadata: { workspace_id: 'ws_1', correlation_id: 'req_1', causation_id: null, schema_version: 1, occurred_at: '2030-01-01T00:00:00.000Z' },
  streamName,
  streamRevision: 0,
  checkpoint: '0',
  recordedAt: '2030-01-01T00:00:00.000Z',
});

describe('what the fan-out consumer acts on', () => {
  // Every event a webhook can carry, and an operator's replay request.
  it.each([...PUBLIC_EVENT_TYPES, 'delivery.replay_requested'])('%s', (type) => {
    expect(fanoutAccepts(event(type))).toBe(true);
  });

  it.each([
    ['delivery.scheduled', 'delivery-dlv_1'],
    ['delivery.attempted', 'delivery-dlv_1'],
    ['delivery.succeeded', 'delivery-dlv_1'],
    ['workspace.created', 'workspace-ws_1'],
    ['webhook_endpoint.registered', 'webhook_endpoint-ws_1'],
    ['memory.entry_created', 'memory-mem_1'],
  ])('skips %s without a database round trip', (type, stream) => {
    expect(fanoutAccepts(event(type, stream))).toBe(false);
  });
});

describe('A test event scheduled by the gateway', () => {
  it('is taken up (the gateway has no queue), while every other scheduled delivery is skipped', () => {
    expect(fanoutAccepts({ ...event('delivery.scheduled', 'delivery-dlv_1'), data: { event_type: 'webhook.test' } })).toBe(true);
    expect(fanoutAccepts({ ...event('delivery.scheduled', 'delivery-dlv_1'), data: { event_type: 'deployment.completed' } })).toBe(false);
  });
});

describe('A deployment or handoff event that is not public', () => {
  const untouched = (): never => {
    throw new Error('the fan-out touched I/O for an event that is not public');
  };
  const store = {
    append: untouched,
    read: untouched,
    readAll: untouched,
    readWorkspace: untouched,
    readWorkspaceBackwards: untouched,
    readEvent: untouched,
    waitForAppend: untouched,
    appendsHeard: untouched,
    close: untouched,
  };

  it.each([
    ['deployment.created', 'deployment-dep_1'],
    ['deployment.offered', 'deployment-dep_1'],
    ['handoff.opened', 'handoff-ho_1'],
  ])('%s is only folded in memory: no store read, no scheduling, nothing recorded', async (type, stream) => {
    const handle = fanoutHandler({
      store,
      scheduler: { enqueue: untouched, bringForward: untouched },
      clock: () => new Date('2030-01-01T00:00:00.000Z'),
      presentObject: untouched,
      ensureSigningSecret: untouched,
      reads: new WebhookReads(store, untouched),
      firstAttempts: { begin: untouched, attemptThenSchedule: untouched },
    });
    expect(fanoutAccepts(event(type, stream))).toBe(true);
    await expect(handle(event(type, stream))).resolves.toBe('nothing_done');
  });
});

describe('The fan-out durables', () => {
  /** The stream category each public event is appended to: usage thresholds are the account's. */
  const categoryOfPublicEvent = (type: string): string => (type.startsWith('usage.') ? 'account' : type.slice(0, type.indexOf('.')));

  it.each([...PUBLIC_EVENT_TYPES])("%s reaches a durable on the relay's copies of its whole category", (type) => {
    expect(FANOUT_DURABLES.map((durable) => durable.subjects)).toContain(`hooks.${categoryOfPublicEvent(type)}.>`);
  });

  it.each([...PUBLIC_EVENT_TYPES])('%s is copied by the relay when its workspace has an endpoint of its mode', (type) => {
    const destinations = new WebhookDestinations([{ workspace_id: 'ws_1', endpoint_id: 'we_1', mode: null }], 'sel');
    expect(destinations.copies(event(type, `${categoryOfPublicEvent(type)}-x_1`))).toBe(true);
  });

  it('takes, of the delivery category, only unqualified subjects: never a delivery’s records', () => {
    expect(FANOUT_DURABLES.filter((durable) => durable.subjects.startsWith('delivery.')).map((durable) => durable.subjects)).toEqual(['delivery.*']);
  });
});
