import type { DeploymentCommand } from '../domain/deployment.commands';
import type { DeploymentState, InProgressDeployment } from '../domain/deployment.state';
import { SYNTHETIC_EXPERT } from '../domain/synthetic-expert.ref';
import { timerJobId } from '../domain/deployment.timers';
import { decide } from '../domain/deployment.decider';
import { evolve } from '../domain/deployment.evolve';
import { synthesizeOutput } from './synthesized-output';
import { testScriptOf } from './test-script';

export { SYNTHETIC_EXPERT };

export interface SyntheticExpertOptions {
  /** The agent's time to answer a question (REPLY_WINDOW_SECONDS; 24 h by default). */
  replyWindowSeconds: number;
}

const DEFAULTS: SyntheticExpertOptions = { replyWindowSeconds: 24 * 60 * 60 };

/**
 * What the synthetic expert does next, given where a test-mode deployment stands and the
 * script in its metadata (test-script.ts). Pure, so a redelivered event leads to the same
 * decision, and a deployment already past a step gets no command (the reactor's idempotency
 * by construction). Waiting (for scheduled_for, a reply, or `test_duration_seconds`) is null:
 * a timer or the agent's reply brings the deployment back.
 */
export function nextSyntheticStep(state: DeploymentState, now: Date, options: SyntheticExpertOptions = DEFAULTS): DeploymentCommand | null {
  if (state.status === 'initial' || state.details.mode !== 'test') return null;
  const at = now.toISOString();
  const script = testScriptOf(state.details.metadata);
  switch (state.status) {
    case 'pending':
      // A scheduled deployment is routed only from scheduled_for on (its start timer).
      if (state.routing_started_at === null || script.script === 'decline') return null;
      return { type: 'accept', expert: SYNTHETIC_EXPERT, now: at };
    case 'accepted':
      if (state.expert.id !== SYNTHETIC_EXPERT.id || script.script === 'stay_accepted') return null;
      if (script.script === 'expert_cancel') {
        const reason = 'cancelled by the expert (test_script: expert_cancel)';
        return { type: 'cancel', by: 'expert', expertId: SYNTHETIC_EXPERT.id, reason, partialOutput: null, now: at };
      }
      return { type: 'start', expertId: SYNTHETIC_EXPERT.id, now: at };
    case 'in_progress': {
      if (state.expert.id !== SYNTHETIC_EXPERT.id) return null;
      if (script.script === 'ask_question' && state.clarification === null) {
        const replyDeadline = new Date(now.getTime() + options.replyWindowSeconds * 1000).toISOString();
        return { type: 'ask_question', expertId: SYNTHETIC_EXPERT.id, question: script.question, replyDeadline, now: at };
      }
      const due = workDueAt(state);
      if (due !== null && now.getTime() < Date.parse(due)) return null;
      return {
        type: 'publish',
        expertId: SYNTHETIC_EXPERT.id,
        output: synthesizeOutput(state.details),
        creditsCharged: 0,
        durationSeconds: Math.max(0, Math.round((now.getTime() - Date.parse(state.started_at)) / 1000)),
        now: at,
      };
    }
    case 'needs_input':
    case 'completed':
    case 'cancelled':
    case 'expired':
      return null;
    default: {
      const unhandled: never = state;
      return unhandled;
    }
  }
}

/**
 * Every step the synthetic expert takes at `now` without waiting (accept, start, publish when no
 * duration or question is scripted), each decided on the state the previous one leads to, so
 * they are appended together: one transaction and one relay round instead of one per step
 *. Empty when there is nothing to do. Bounded: a script has at most four steps.
 */
export function syntheticStepsNow(state: DeploymentState, now: Date, options: SyntheticExpertOptions = DEFAULTS): DeploymentCommand[] {
  const steps: DeploymentCommand[] = [];
  let current = state;
  for (let step = 0; step < 8; step++) {
    const command = nextSyntheticStep(current, now, options);
    if (command === null) break;
    steps.push(command);
    current = decide(command, current).reduce(evolve, current);
  }
  return steps;
}

/** When a scripted `test_duration_seconds` lets the work finish; null: no duration set. */
export function workDueAt(state: InProgressDeployment): string | null {
  const { durationSeconds } = testScriptOf(state.details.metadata);
  return durationSeconds === null ? null : new Date(Date.parse(state.started_at) + durationSeconds * 1000).toISOString();
}

/**
 * The synthesizer's own clock: `work-<dep_id>`, due when a scripted duration ends, while the
 * synthetic expert works (not while a question waits for its reply). Derived from state like
 * the deployment's timers (deployment.timers.ts), so a flushed Redis loses it neither.
 */
export function syntheticWorkTimer(state: DeploymentState): { jobId: string; dueAt: string } | null {
  if (state.status !== 'in_progress' || state.details.mode !== 'test' || state.expert.id !== SYNTHETIC_EXPERT.id) return null;
  const script = testScriptOf(state.details.metadata);
  if (script.script === 'ask_question' && state.clarification === null) return null;
  const due = workDueAt(state);
  return due === null ? null : { jobId: timerJobId('work', state.details.deployment_id), dueAt: due };
}
