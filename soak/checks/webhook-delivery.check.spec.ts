import type { DeliveryEvent } from '@eh/contracts';
import { foldDelivery, toDeliveryResource } from '@eh/delivery';
import type { ReceivedRequest } from '../load/webhook-receivers';
import type { DeliveryRow, StoredEvent } from './soak-evidence';
import { StoredEvents, WS } from './testing/stored-events.fixture';
import { checkWebhookDeliveries } from './webhook-delivery.check';

const NOW = Date.parse('2026-01-01T10:10:00.000Z');
const URL = 'http://127.0.0.1/hooks/ok/ws/endpoint';

type Ending = { status: 'succeeded' } | { status: 'dead_lettered' } | { status: 'retrying'; at: string; unanswered?: boolean };

/** A delivery stream for `event`, ending as told, and the read model's row folded from it. */
function deliver(events: StoredEvents, id: string, event: StoredEvent, ending: Ending): DeliveryRow {
  const stream = `delivery-${id}`;
  const t = '2026-01-01T10:00:00.000Z';
  events.add(stream, 'delivery.scheduled', {
    delivery_id: id,
    workspace_id: WS,
    event_id: event.eventId,
    event_type: event.type,
    deployment_id: null,
    endpoint_id: 'we_1',
    url: URL,
    body: '{}',
    scheduled_at: t,
  });
  const unanswered = ending.status === 'retrying' && ending.unanswered;
  events.add(stream, 'delivery.attempted', {
    delivery_id: id,
    attempt: 1,
    attempted_at: t,
    status_code: ending.status === 'succeeded' ? 200 : unanswered ? null : 500,
    latency_ms: 5,
    error: unanswered ? 'timeout' : null,
  });
  if (ending.status === 'succeeded') events.add(stream, 'delivery.succeeded', { delivery_id: id, attempt: 1, succeeded_at: t });
  if (ending.status === 'dead_lettered') events.add(stream, 'delivery.dead_lettered', { delivery_id: id, attempts: 1, last_error: '500', dead_lettered_at: t });
  if (ending.status === 'retrying') events.add(stream, 'delivery.retry_scheduled', { delivery_id: id, next_attempt: 2, next_attempt_at: ending.at });
  const history = events.rows.filter((row) => row.streamName === stream).map((row) => ({ type: row.type, data: row.data }) as unknown as DeliveryEvent);
  const resource = toDeliveryResource(foldDelivery(history));
  return {
    deliveryId: id,
    workspaceId: WS,
    eventId: event.eventId,
    eventType: event.type,
    status: resource.status,
    nextAttemptAt: resource.next_attempt_at ? new Date(resource.next_attempt_at) : null,
    url: URL,
    resource,
  };
}

const request = (deliveryId: string, eventId: string, status: number, answered = true): ReceivedRequest => ({
  path: '/hooks/ok/ws/endpoint',
  workspace: WS,
  deliveryId,
  eventId,
  eventType: 'deployment.completed',
  sequence: 0,
  signatureValid: true,
  status,
  answered,
  at: NOW,
});

describe('webhook deliveries (soak check)', () => {
  it('passes deliveries answered 2xx and succeeded, dead letters, retries due later, and a 2xx the sender timed out on', () => {
    const events = new StoredEvents();
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => events.add(`deployment-${name}`, 'deployment.completed', {}, { workspace_id: WS }));
    const deliveries = [
      deliver(events, 'del_a', a, { status: 'succeeded' }),
      deliver(events, 'del_b', b, { status: 'dead_lettered' }),
      deliver(events, 'del_c', c, { status: 'retrying', at: '2026-01-01T10:10:30.000Z' }),
      deliver(events, 'del_d', d, { status: 'retrying', at: '2026-01-01T10:10:30.000Z', unanswered: true }),
    ];
    const received = [request('del_a', a.eventId, 500), request('del_a', a.eventId, 200), request('del_b', b.eventId, 503), request('del_d', d.eventId, 200)];
    const result = checkWebhookDeliveries({ events: events.rows, deliveries, received, workspaceIds: new Set([WS]), now: NOW, slackMs: 20_000 });
    expect(result.violations).toEqual([]);
  });

  it('finds a lost delivery, a read model off its events, one event under two delivery ids, a success never answered, a lost 2xx, a stuck retry and a bad signature', () => {
    const events = new StoredEvents();
    const [a, b, c] = ['a', 'b', 'c'].map((name) => events.add(`deployment-${name}`, 'deployment.completed', {}, { workspace_id: WS }));
    const lost = events.add('deployment-d', 'deployment.completed', {}, { workspace_id: WS });
    const deliveries = [
      deliver(events, 'del_a', a, { status: 'succeeded' }),
      deliver(events, 'del_a2', a, { status: 'succeeded' }),
      deliver(events, 'del_b', b, { status: 'dead_lettered' }),
      deliver(events, 'del_c', c, { status: 'retrying', at: '2026-01-01T10:00:00.000Z' }),
    ];
    deliveries[2] = { ...deliveries[2], resource: { ...(deliveries[2].resource as object), attempts: 7 } };
    const received = [
      request('del_a', a.eventId, 200),
      request('del_a2', a.eventId, 200, false),
      request('del_b', b.eventId, 200),
      { ...request('del_c', c.eventId, 500), signatureValid: false, sequence: 3 },
    ];
    const result = checkWebhookDeliveries({ events: events.rows, deliveries, received, workspaceIds: new Set([WS]), now: NOW, slackMs: 20_000 });
    expect(result.violations.map((v) => v.subject)).toEqual([
      lost.eventId,
      'del_c',
      'del_c',
      `/hooks/ok/ws/endpoint ${a.eventId}`,
      'del_b',
      'del_a2',
      'del_b',
      'del_c',
    ]);
  });
});
