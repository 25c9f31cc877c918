import type { ExpertRef } from '@eh/contracts';
import type { DeploymentCommand } from '../domain/deployment.commands';
import type { DeploymentState } from '../domain/deployment.state';
import { synthesizeOutput } from './synthesized-output';

/** The in-house model that plays the expert for `svc_test_` keys; never on the live roster. */
export const SYNTHETIC_EXPERT: ExpertRef = {
  id: 'spec_00000000000000000000000000',
  name: 'Test-mode synthesizer',
  role: 'Synthesized expert (test mode: no human is paged)',
};

/**
 * What the synthetic expert does next, given where a test-mode deployment stands: accept,
 * start, then publish. Pure, so a redelivered event leads to the same decision, and a
 * deployment already past a step gets no command (the reactor's idempotency by construction).
 */
export function nextSyntheticStep(state: DeploymentState, now: Date): DeploymentCommand | null {
  if (state.status === 'initial' || state.details.mode !== 'test') return null;
  const at = now.toISOString();
  switch (state.status) {
    case 'pending':
      // A scheduled deployment is routed only from scheduled_for on.
      if (state.details.scheduled_for !== null && Date.parse(state.details.scheduled_for) > now.getTime()) return null;
      return { type: 'accept', expert: SYNTHETIC_EXPERT, now: at };
    case 'accepted':
      return state.expert.id === SYNTHETIC_EXPERT.id ? { type: 'start', expertId: SYNTHETIC_EXPERT.id, now: at } : null;
    case 'in_progress':
      if (state.expert.id !== SYNTHETIC_EXPERT.id) return null;
      return {
        type: 'publish',
        expertId: SYNTHETIC_EXPERT.id,
        output: synthesizeOutput(state.details),
        creditsCharged: 0,
        durationSeconds: Math.max(0, Math.round((now.getTime() - Date.parse(state.started_at)) / 1000)),
        now: at,
      };
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
