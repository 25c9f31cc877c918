/**
 * The clocks of a deployment as data (delays are outputs): which timers its
 * state needs, when each is due, and the command each sends back when it fires. An adapter
 * turns them into BullMQ delayed jobs; a reconciler derives them again from the read model,
 * so a flushed Redis loses none.
 *
 * Job ids are deterministic, so scheduling the same timer twice is a no-op. BullMQ reserves
 * `:` in custom ids, hence `-` as the separator.
 */
import type { DeploymentCommand } from './deployment.commands';
import type { DeploymentState } from './deployment.state';

/** The clocks the deployment's own state implies (see deploymentTimers). */
export const DEPLOYMENT_TIMER_KINDS = ['sla', 'reply', 'offer', 'start'] as const;
export type DeploymentTimerKind = (typeof DEPLOYMENT_TIMER_KINDS)[number];

/**
 * Every kind of timer job the router keeps, defined here once: the deployment's clocks, plus
 * `work`, the synthetic expert's (synthesizer/synthetic-expert.ts syntheticWorkTimer).
 */
export const TIMER_KINDS = [...DEPLOYMENT_TIMER_KINDS, 'work'] as const;
export type TimerKind = (typeof TIMER_KINDS)[number];

/** Kinds with one job per deployment (an `offer` timer's id also names its offer number). */
export const SINGLE_TIMER_KINDS: readonly TimerKind[] = TIMER_KINDS.filter((kind) => kind !== 'offer');

export interface DeploymentTimer {
  /** e.g. `sla-dep_01…`, `offer-dep_01…-2`. */
  jobId: string;
  kind: DeploymentTimerKind;
  deploymentId: string;
  dueAt: string;
  /** The offer the timer belongs to (`offer` timers only). */
  offerNumber: number | null;
}

export function timerJobId(kind: TimerKind, deploymentId: string, offerNumber: number | null = null): string {
  return offerNumber === null ? `${kind}-${deploymentId}` : `${kind}-${deploymentId}-${offerNumber}`;
}

function timer(kind: DeploymentTimerKind, deploymentId: string, dueAt: string, offerNumber: number | null = null): DeploymentTimer {
  return { jobId: timerJobId(kind, deploymentId, offerNumber), kind, deploymentId, dueAt, offerNumber };
}

/**
 * - pending: the match SLA (`sla`); a scheduled deployment's routing start
 *   (`start`, at scheduled_for); the open offer's timeout (`offer`).
 * - needs_input: the reply window (`reply`, 24 h).
 * - any other state: none. A timer that fires after its state moved on is refused by decide.
 */
export function deploymentTimers(state: DeploymentState): DeploymentTimer[] {
  switch (state.status) {
    case 'pending': {
      const id = state.details.deployment_id;
      const timers = [timer('sla', id, state.details.sla_deadline)];
      if (state.routing_started_at === null && state.details.scheduled_for !== null) {
        timers.push(timer('start', id, state.details.scheduled_for));
      }
      if (state.offer !== null) timers.push(timer('offer', id, state.offer.expires_at, state.offer.offer_number));
      return timers;
    }
    case 'needs_input':
      return [timer('reply', state.details.deployment_id, state.clarification.question.reply_deadline)];
    case 'initial':
    case 'accepted':
    case 'in_progress':
    case 'completed':
    case 'cancelled':
    case 'expired':
      return [];
    default: {
      const unhandled: never = state;
      return unhandled;
    }
  }
}

/** What a fired timer asks of the decider; `now` is when it fired. */
export function timerCommand(fired: Pick<DeploymentTimer, 'kind' | 'offerNumber'>, now: string): DeploymentCommand {
  switch (fired.kind) {
    case 'sla':
      return { type: 'expire', reason: 'not_accepted', now };
    case 'reply':
      return { type: 'expire', reason: 'question_unanswered', now };
    case 'offer':
      return { type: 'expire_offer', offerNumber: fired.offerNumber ?? 0, now };
    case 'start':
      return { type: 'start_routing', now };
    default: {
      const unhandled: never = fired.kind;
      return unhandled;
    }
  }
}
