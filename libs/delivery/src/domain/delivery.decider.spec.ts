/** given(events) / when(command) / then(events | refusal). */
import type { DeliveryEvent } from '@eh/contracts';
import type { DeliveryCommand } from './delivery.commands';
import { decideDelivery } from './delivery.decider';
import { DeliveryTransitionError, type DeliveryRefusal } from './delivery-errors';
import { foldDelivery } from './delivery.evolve';
import { at, attemptCommand, DEL, DELAYS, E404, E500, ev, exhaustedHistory, HISTORIES, OK, SCHEDULED, T0, TIMEOUT } from './testing/delivery.fixtures';

const when = (history: DeliveryEvent[], command: DeliveryCommand): DeliveryEvent[] => decideDelivery(command, foldDelivery(history));
const refusal = (history: DeliveryEvent[], command: DeliveryCommand): DeliveryRefusal | undefined => {
  try {
    when(history, command);
    return undefined;
  } catch (error) {
    if (error instanceof DeliveryTransitionError) {
      expect(error.code).toBe('invalid_state_transition');
      return error.reason;
    }
    throw error;
  }
};
const replay: DeliveryCommand = { type: 'request_replay', requested_by: 'ops', now: at(99_000) };
const onlyDeadLetters: DeliveryCommand = { type: 'request_replay', requested_by: 'job', now: at(99_000), only_dead_lettered: true };
const retryNow: DeliveryCommand = { type: 'retry_now', requested_by: 'member:mem_1', now: at(1050) };
const withFirstAttempt: DeliveryCommand = {
  type: 'schedule_with_first_attempt',
  data: SCHEDULED,
  attempt: { attempted_at: at(5), result: OK, retry_delays_ms: DELAYS, now: at(5) },
};

describe('delivery decider', () => {
  it('schedules once: the first attempt is due at once', () => {
    expect(when([], { type: 'schedule', data: SCHEDULED })).toEqual([ev.scheduled()]);
    expect(foldDelivery([ev.scheduled()])).toMatchObject({ status: 'scheduled', next_attempt: 1, next_attempt_at: T0, attempts: 0 });
  });

  it('records a 2xx as attempted then succeeded', () => {
    const events = when([ev.scheduled()], attemptCommand(1, OK, at(50)));
    expect(events).toEqual([
      { type: 'delivery.attempted', data: { delivery_id: DEL, attempt: 1, attempted_at: at(50), status_code: 200, latency_ms: 12, error: null } },
      { type: 'delivery.succeeded', data: { delivery_id: DEL, attempt: 1, succeeded_at: at(50) } },
    ]);
    expect(foldDelivery([ev.scheduled(), ...events])).toMatchObject({ status: 'succeeded', attempts: 1, last_attempt: { status_code: 200 } });
  });

  it('records a schedule with its first attempt as the two commands would one after the other', () => {
    for (const result of [OK, E404, E500]) {
      const { type: _type, attempt: _attempt, ...attempt } = attemptCommand(1, result, at(70));
      const together = when([], { type: 'schedule_with_first_attempt', data: SCHEDULED, attempt });
      expect(together).toEqual([ev.scheduled(), ...when([ev.scheduled()], attemptCommand(1, result, at(70)))]);
      expect(together).toHaveLength(3);
    }
  });

  it('acknowledges a 4xx: failed for good, never retried', () => {
    const events = when([ev.scheduled()], attemptCommand(1, E404, at(10)));
    expect(events[1]).toEqual({ type: 'delivery.failed_permanently', data: { delivery_id: DEL, attempt: 1, status_code: 404, failed_at: at(10) } });
    expect(foldDelivery([ev.scheduled(), ...events]).status).toBe('failed');
  });

  it('retries a 5xx or a timeout after the next delay of the schedule, counted from the result', () => {
    expect(when([ev.scheduled()], attemptCommand(1, E500, at(1000)))[1]).toEqual(ev.retry(2, at(1000 + DELAYS[0])));
    const afterOne = HISTORIES.retrying;
    expect(when(afterOne, attemptCommand(2, TIMEOUT, at(5000)))[1]).toEqual(ev.retry(3, at(5000 + DELAYS[1])));
  });

  it('dead-letters after the last delay is spent, naming the last error', () => {
    const history = exhaustedHistory();
    const [last, beforeLast] = [history[history.length - 1], history.slice(0, -2)];
    expect(last.type).toBe('delivery.dead_lettered');
    expect(when(beforeLast, attemptCommand(4, TIMEOUT, at(4000)))[1]).toEqual({
      type: 'delivery.dead_lettered',
      data: { delivery_id: DEL, attempts: 4, last_error: 'timeout after 10000 ms', dead_lettered_at: at(4000) },
    });
    expect(foldDelivery(history)).toMatchObject({ status: 'dead_lettered', attempts: 4, round_failures: 4 });
  });

  it('with no delays configured, the first failure dead-letters', () => {
    const events = decideDelivery({ ...attemptCommand(1, E500), retry_delays_ms: [] }, foldDelivery([ev.scheduled()]));
    expect(events[1].type).toBe('delivery.dead_lettered');
  });

  it('replays a dead letter with the same id and the whole schedule again, continuing the attempt count', () => {
    expect(when(HISTORIES.dead_lettered, replay)).toEqual([
      { type: 'delivery.replay_requested', data: { delivery_id: DEL, next_attempt: 5, requested_by: 'ops', requested_at: at(99_000) } },
    ]);
    const replayed = foldDelivery(HISTORIES.replayed);
    expect(replayed).toMatchObject({ status: 'scheduled', next_attempt: 5, round_failures: 0, attempts: 4 });
    // The new round starts at the first delay, and dead-letters only after all of them again.
    expect(when(HISTORIES.replayed, attemptCommand(5, E500, at(100_000)))[1]).toEqual(ev.retry(6, at(100_000 + DELAYS[0])));
    const secondRound = [...HISTORIES.replayed, ...exhaustedHistory(5)];
    expect(foldDelivery(secondRound)).toMatchObject({ status: 'dead_lettered', attempts: 8 });
    expect(when(HISTORIES.replayed, attemptCommand(5, OK))[1].type).toBe('delivery.succeeded');
  });

  it('resends a succeeded or 4xx-failed delivery under the same id, a new round continuing the count', () => {
    for (const name of ['succeeded', 'failed'] as const) {
      const history = HISTORIES[name];
      const attempts = foldDelivery(history).status === 'initial' ? 0 : (foldDelivery(history) as { attempts: number }).attempts;
      const events = when(history, replay);
      expect(events).toEqual([
        { type: 'delivery.replay_requested', data: { delivery_id: DEL, next_attempt: attempts + 1, requested_by: 'ops', requested_at: at(99_000) } },
      ]);
      const resent = foldDelivery([...history, ...events]);
      expect(resent).toMatchObject({ status: 'scheduled', next_attempt: attempts + 1, next_attempt_at: at(99_000), round_failures: 0, attempts });
      expect(resent).not.toHaveProperty('succeeded_at');
      expect(resent).not.toHaveProperty('status_code');
      expect(when([...history, ...events], attemptCommand(attempts + 1, OK, at(99_500)))[1].type).toBe('delivery.succeeded');
    }
  });

  it('brings a scheduled retry forward to now, same attempt; once due, asking again records nothing', () => {
    const events = when(HISTORIES.retrying, retryNow);
    const before = foldDelivery(HISTORIES.retrying) as { next_attempt: number; next_attempt_at: string };
    expect(Date.parse(before.next_attempt_at)).toBeGreaterThan(Date.parse(at(1050)));
    expect(events).toEqual([
      {
        type: 'delivery.retry_brought_forward',
        data: { delivery_id: DEL, attempt: before.next_attempt, was_due_at: before.next_attempt_at, requested_by: 'member:mem_1', requested_at: at(1050) },
      },
    ]);
    const after = foldDelivery([...HISTORIES.retrying, ...events]);
    expect(after).toMatchObject({ status: 'retrying', next_attempt: before.next_attempt, next_attempt_at: at(1050) });
    expect(when([...HISTORIES.retrying, ...events], retryNow)).toEqual([]);
    expect(when([ev.scheduled()], retryNow)).toEqual([]);
    // The attempt it brought forward is the one the worker then records.
    expect(when([...HISTORIES.retrying, ...events], attemptCommand(before.next_attempt, OK, at(1600)))[1].type).toBe('delivery.succeeded');
  });

  describe('refuses every illegal transition', () => {
    const cases: [string, DeliveryCommand, DeliveryRefusal | undefined][] = [
      ['initial', { type: 'schedule', data: SCHEDULED }, undefined],
      ['initial', attemptCommand(1, OK), 'not_scheduled'],
      ['initial', replay, 'not_scheduled'],
      ['initial', retryNow, 'nothing_scheduled'],
      ['initial', withFirstAttempt, undefined],
      ['scheduled', withFirstAttempt, 'already_scheduled'],
      ['retrying', withFirstAttempt, 'already_scheduled'],
      ['succeeded', withFirstAttempt, 'already_scheduled'],
      ['failed', withFirstAttempt, 'already_scheduled'],
      ['dead_lettered', withFirstAttempt, 'already_scheduled'],
      ['replayed', withFirstAttempt, 'already_scheduled'],
      ['scheduled', { type: 'schedule', data: SCHEDULED }, 'already_scheduled'],
      ['scheduled', attemptCommand(1, OK), undefined],
      ['scheduled', attemptCommand(2, OK), 'stale_attempt'],
      ['scheduled', replay, 'delivery_pending'],
      ['scheduled', onlyDeadLetters, 'delivery_pending'],
      ['retrying', { type: 'schedule', data: SCHEDULED }, 'already_scheduled'],
      ['retrying', attemptCommand(1, OK), 'stale_attempt'],
      ['retrying', attemptCommand(2, OK), undefined],
      ['retrying', replay, 'delivery_pending'],
      ['retrying', retryNow, undefined],
      ['succeeded', { type: 'schedule', data: SCHEDULED }, 'already_scheduled'],
      ['succeeded', attemptCommand(2, OK), 'delivery_finished'],
      ['succeeded', replay, undefined],
      ['succeeded', onlyDeadLetters, 'not_dead_lettered'],
      ['succeeded', retryNow, 'nothing_scheduled'],
      ['failed', attemptCommand(2, OK), 'delivery_finished'],
      ['failed', replay, undefined],
      ['failed', onlyDeadLetters, 'not_dead_lettered'],
      ['failed', retryNow, 'nothing_scheduled'],
      ['dead_lettered', { type: 'schedule', data: SCHEDULED }, 'already_scheduled'],
      ['dead_lettered', attemptCommand(5, OK), 'delivery_finished'],
      ['dead_lettered', replay, undefined],
      ['dead_lettered', onlyDeadLetters, undefined],
      ['dead_lettered', retryNow, 'nothing_scheduled'],
      ['replayed', replay, 'delivery_pending'],
      ['replayed', retryNow, undefined],
      ['replayed', attemptCommand(4, OK), 'stale_attempt'],
      ['replayed', attemptCommand(5, OK), undefined],
    ];
    it.each(cases)('from %s, %j → %s', (name, command, expected) => {
      expect(refusal(HISTORIES[name], command)).toBe(expected);
    });

    it('names the state in the message', () => {
      expect(() => when(HISTORIES.retrying, replay)).toThrow(`delivery ${DEL} is retrying: its next attempt is already scheduled (retry it now instead)`);
      expect(() => when(HISTORIES.succeeded, retryNow)).toThrow(`delivery ${DEL} is succeeded: no attempt is scheduled to bring forward (resend it instead)`);
    });
  });

  it('is pure: the same command on the same state gives the same events and changes nothing', () => {
    const state = Object.freeze(foldDelivery(HISTORIES.retrying));
    const command = attemptCommand(2, E500, at(3000));
    expect(decideDelivery(command, state)).toEqual(decideDelivery(command, state));
    expect(foldDelivery(HISTORIES.retrying)).toEqual(state);
  });

  it('evolve ignores events that do not fit, so history always folds', () => {
    const base = foldDelivery(HISTORIES.succeeded);
    for (const event of [ev.scheduled(), ev.attempted(2), ev.retry(3, at(1)), ev.succeeded(2), ev.failed(2), ev.deadLettered(2), ev.broughtForward(3)]) {
      expect(foldDelivery([...HISTORIES.succeeded, event])).toEqual(base);
    }
    // A retry brought forward for another attempt than the one waiting changes nothing.
    expect(foldDelivery([...HISTORIES.retrying, ev.broughtForward(9)])).toEqual(foldDelivery(HISTORIES.retrying));
    expect(foldDelivery([ev.attempted(1), ev.replay(2)])).toEqual({ status: 'initial' });
    expect(foldDelivery([ev.scheduled(), ev.attempted(3)])).toEqual(foldDelivery([ev.scheduled()]));
  });
});
