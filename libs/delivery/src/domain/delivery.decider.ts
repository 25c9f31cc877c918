/**
 * The delivery decider: one command, one small function, an exhaustive default. Time comes in with the command; the next attempt's time is an output, turned into
 * a delayed job by the adapter.
 */
import { type Decider, type DeliveryEvent, unhandled } from '@eh/contracts';
import type { DeliveryCommand, RecordAttempt, RequestReplay, RetryNow, ScheduleDelivery, ScheduleWithFirstAttempt } from './delivery.commands';
import { DeliveryTransitionError } from './delivery-errors';
import { classifyOutcome, describeResult } from './delivery-outcome';
import { retryDelayMs } from './retry-schedule';
import { evolveDelivery } from './delivery.evolve';
import { initialDeliveryState, isPending, type DeliveryState, type PendingDelivery } from './delivery.state';

const nameOf = (state: DeliveryState): string => (state.status === 'initial' ? 'the delivery' : `delivery ${state.details.delivery_id}`);

function schedule(command: ScheduleDelivery, state: DeliveryState): DeliveryEvent[] {
  if (state.status !== 'initial') throw new DeliveryTransitionError('already_scheduled', `${nameOf(state)} is already scheduled`);
  return [{ type: 'delivery.scheduled', data: command.data }];
}

function outcomeEvents(command: RecordAttempt, state: PendingDelivery): DeliveryEvent[] {
  const id = state.details.delivery_id;
  const { attempt, result, now } = command;
  const outcome = classifyOutcome(result);
  switch (outcome) {
    case 'success':
      return [{ type: 'delivery.succeeded', data: { delivery_id: id, attempt, succeeded_at: now } }];
    case 'acknowledged':
      return [{ type: 'delivery.failed_permanently', data: { delivery_id: id, attempt, status_code: result.status_code ?? 0, failed_at: now } }];
    case 'retryable': {
      const delay = retryDelayMs(state.round_failures + 1, command.retry_delays_ms);
      if (delay === null) {
        return [{ type: 'delivery.dead_lettered', data: { delivery_id: id, attempts: attempt, last_error: describeResult(result), dead_lettered_at: now } }];
      }
      const nextAt = new Date(Date.parse(now) + delay).toISOString();
      return [{ type: 'delivery.retry_scheduled', data: { delivery_id: id, next_attempt: attempt + 1, next_attempt_at: nextAt } }];
    }
    default: {
      const unhandled: never = outcome;
      throw new Error(`unhandled outcome ${String(unhandled)}`);
    }
  }
}

function recordAttempt(command: RecordAttempt, state: DeliveryState): DeliveryEvent[] {
  if (state.status === 'initial') throw new DeliveryTransitionError('not_scheduled', 'no such delivery: nothing was scheduled');
  if (!isPending(state)) {
    throw new DeliveryTransitionError('delivery_finished', `${nameOf(state)} is ${state.status}; no further attempt is made`);
  }
  if (command.attempt !== state.next_attempt) {
    throw new DeliveryTransitionError('stale_attempt', `${nameOf(state)} waits for attempt ${state.next_attempt}, not ${command.attempt}`);
  }
  const { status_code, latency_ms, error } = command.result;
  const attempted: DeliveryEvent = {
    type: 'delivery.attempted',
    data: { delivery_id: state.details.delivery_id, attempt: command.attempt, attempted_at: command.attempted_at, status_code, latency_ms, error },
  };
  return [attempted, ...outcomeEvents(command, state)];
}

/** The schedule's events, then attempt 1's on the state they leave: what the two commands decide one after the other. */
function scheduleWithFirstAttempt(command: ScheduleWithFirstAttempt, state: DeliveryState): DeliveryEvent[] {
  const scheduled = schedule({ type: 'schedule', data: command.data }, state);
  const attempted = recordAttempt({ type: 'record_attempt', attempt: 1, ...command.attempt }, scheduled.reduce(evolveDelivery, state));
  return [...scheduled, ...attempted];
}

/** Outcomes a replay may start again from: any finished one (a partner resends a success to test a receiver, or a 4xx after fixing it). */
const isFinished = (state: DeliveryState): state is Extract<DeliveryState, { status: 'succeeded' | 'failed' | 'dead_lettered' }> =>
  state.status === 'succeeded' || state.status === 'failed' || state.status === 'dead_lettered';

function requestReplay(command: RequestReplay, state: DeliveryState): DeliveryEvent[] {
  if (state.status === 'initial') throw new DeliveryTransitionError('not_scheduled', 'no such delivery: nothing was scheduled');
  if (!isFinished(state)) {
    throw new DeliveryTransitionError('delivery_pending', `${nameOf(state)} is ${state.status}: its next attempt is already scheduled (retry it now instead)`);
  }
  if (command.only_dead_lettered && state.status !== 'dead_lettered') {
    throw new DeliveryTransitionError('not_dead_lettered', `${nameOf(state)} is ${state.status}; this replay takes dead letters only`);
  }
  return [
    {
      type: 'delivery.replay_requested',
      data: {
        delivery_id: state.details.delivery_id,
        next_attempt: state.attempts + 1,
        requested_by: command.requested_by,
        requested_at: command.now,
        ...(command.replay_id ? { replay_id: command.replay_id } : {}),
        ...(command.actor ? { actor: command.actor } : {}),
      },
    },
  ];
}

/**
 * A pending delivery's next attempt, now: the same attempt number (so the job id, and the receiver's
 * delivery id, are unchanged). One already due asks for nothing, so asking twice is harmless.
 */
function retryNow(command: RetryNow, state: DeliveryState): DeliveryEvent[] {
  if (!isPending(state)) {
    const status = state.status === 'initial' ? 'not scheduled' : state.status;
    throw new DeliveryTransitionError('nothing_scheduled', `${nameOf(state)} is ${status}: no attempt is scheduled to bring forward (resend it instead)`);
  }
  if (Date.parse(state.next_attempt_at) <= Date.parse(command.now)) return [];
  return [
    {
      type: 'delivery.retry_brought_forward',
      data: {
        delivery_id: state.details.delivery_id,
        attempt: state.next_attempt,
        was_due_at: state.next_attempt_at,
        requested_by: command.requested_by,
        requested_at: command.now,
        ...(command.actor ? { actor: command.actor } : {}),
      },
    },
  ];
}

export function decideDelivery(command: DeliveryCommand, state: DeliveryState): DeliveryEvent[] {
  switch (command.type) {
    case 'schedule':
      return schedule(command, state);
    case 'record_attempt':
      return recordAttempt(command, state);
    case 'schedule_with_first_attempt':
      return scheduleWithFirstAttempt(command, state);
    case 'request_replay':
      return requestReplay(command, state);
    case 'retry_now':
      return retryNow(command, state);
    default:
      return unhandled('delivery command', command);
  }
}

export const deliveryDecider: Decider<DeliveryCommand, DeliveryEvent, DeliveryState> = {
  initialState: initialDeliveryState,
  evolve: evolveDelivery,
  decide: decideDelivery,
};
