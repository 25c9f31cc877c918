import type { DeliveryEvent, DeliveryScheduled } from '@eh/contracts';
import type { RecordAttempt } from '../delivery.commands';
import type { AttemptResult } from '../delivery-outcome';

export const DEL = 'del_01JAAAAAAAAAAAAAAAAAAAAAAA';
export const DELAYS = [100, 200, 400];
export const T0 = '2030-01-01T00:00:00.000Z';
export const at = (ms: number): string => new Date(Date.parse(T0) + ms).toISOString();

export const SCHEDULED: DeliveryScheduled['data'] = {
  delivery_id: DEL,
  workspace_id: 'ws_01JBBBBBBBBBBBBBBBBBBBBBBB',
  endpoint_id: 'we_01JCCCCCCCCCCCCCCCCCCCCCCC',
  url: 'https://hooks.example.com/in',
  event_id: 'evt_01JDDDDDDDDDDDDDDDDDDDDDDD',
  event_type: 'deployment.accepted',
  deployment_id: 'dep_01JEEEEEEEEEEEEEEEEEEEEEEE',
  body: '{"id":"evt_01JDDDDDDDDDDDDDDDDDDDDDDD"}',
  scheduled_at: T0,
};

export const OK: AttemptResult = { status_code: 200, latency_ms: 12, error: null };
export const E500: AttemptResult = { status_code: 500, latency_ms: 30, error: null };
export const E404: AttemptResult = { status_code: 404, latency_ms: 9, error: null };
export const TIMEOUT: AttemptResult = { status_code: null, latency_ms: 10_000, error: 'timeout after 10000 ms' };

export const attemptCommand = (attempt: number, result: AttemptResult, now: string = at(attempt * 1000)): RecordAttempt => ({
  type: 'record_attempt',
  attempt,
  attempted_at: now,
  result,
  retry_delays_ms: DELAYS,
  now,
});

export const ev = {
  scheduled: (): DeliveryEvent => ({ type: 'delivery.scheduled', data: SCHEDULED }),
  attempted: (attempt: number, result: AttemptResult = E500): DeliveryEvent => ({
    type: 'delivery.attempted',
    data: { delivery_id: DEL, attempt, attempted_at: at(attempt * 1000), ...result },
  }),
  retry: (nextAttempt: number, when: string): DeliveryEvent => ({
    type: 'delivery.retry_scheduled',
    data: { delivery_id: DEL, next_attempt: nextAttempt, next_attempt_at: when },
  }),
  succeeded: (attempt: number): DeliveryEvent => ({ type: 'delivery.succeeded', data: { delivery_id: DEL, attempt, succeeded_at: at(attempt * 1000) } }),
  failed: (attempt: number): DeliveryEvent => ({
    type: 'delivery.failed_permanently',
    data: { delivery_id: DEL, attempt, status_code: 404, failed_at: at(attempt * 1000) },
  }),
  deadLettered: (attempts: number): DeliveryEvent => ({
    type: 'delivery.dead_lettered',
    data: { delivery_id: DEL, attempts, last_error: 'HTTP 500', dead_lettered_at: at(attempts * 1000) },
  }),
  broughtForward: (attempt: number, when: string = at(1500)): DeliveryEvent => ({
    type: 'delivery.retry_brought_forward',
    data: { delivery_id: DEL, attempt, was_due_at: at(0), requested_by: 'ops', requested_at: when },
  }),
  replay: (nextAttempt: number, when: string = at(60_000)): DeliveryEvent => ({
    type: 'delivery.replay_requested',
    data: { delivery_id: DEL, next_attempt: nextAttempt, requested_by: 'ops', requested_at: when },
  }),
};

/** Every failure of one round with DELAYS: 4 attempts, then dead-lettered. */
export function exhaustedHistory(firstAttempt = 1): DeliveryEvent[] {
  const events: DeliveryEvent[] = firstAttempt === 1 ? [ev.scheduled()] : [];
  for (let n = 0; n <= DELAYS.length; n++) {
    const attempt = firstAttempt + n;
    events.push(ev.attempted(attempt));
    events.push(n < DELAYS.length ? ev.retry(attempt + 1, at(attempt * 1000 + DELAYS[n])) : ev.deadLettered(attempt));
  }
  return events;
}

/** Histories ending in each state, for the illegal-transition matrix. */
export const HISTORIES: Record<string, DeliveryEvent[]> = {
  initial: [],
  scheduled: [ev.scheduled()],
  retrying: [ev.scheduled(), ev.attempted(1), ev.retry(2, at(1100))],
  succeeded: [ev.scheduled(), ev.attempted(1, { status_code: 204, latency_ms: 5, error: null }), ev.succeeded(1)],
  failed: [ev.scheduled(), ev.attempted(1, { status_code: 404, latency_ms: 5, error: null }), ev.failed(1)],
  dead_lettered: exhaustedHistory(),
  replayed: [...exhaustedHistory(), ev.replay(5)],
};
