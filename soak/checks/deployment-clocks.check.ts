import type { FoldedDeployment } from './deployment-history.check';
import type { CheckResult, Violation } from './soak-violation';

const CHECK = 'timers';

/**
 * Every clock fired (docs/decisions.md "Timers"): with the work drained, no
 * deployment is still pending past its SLA, waiting for input past its reply window, or holding
 * an offer past its end. `slackMs` covers the reconcile period and a loaded machine.
 */
export function checkDeploymentClocks(deployments: readonly FoldedDeployment[], now: number, slackMs: number): CheckResult {
  const violations: Violation[] = [];
  const late = (deadline: string): boolean => Date.parse(deadline) < now - slackMs;
  let active = 0;
  for (const { id, state } of deployments) {
    if (state.status === 'pending') {
      active += 1;
      if (late(state.details.sla_deadline)) violations.push({ check: CHECK, subject: id, detail: `still pending, SLA ended ${state.details.sla_deadline}` });
      if (state.offer && late(state.offer.expires_at))
        violations.push({
          check: CHECK,
          subject: id,
          detail: `offer ${state.offer.offer_number} to ${state.offer.expert.id} still open, it ended ${state.offer.expires_at}`,
        });
    }
    if (state.status === 'needs_input') {
      active += 1;
      const deadline = state.clarification.question.reply_deadline;
      if (late(deadline)) violations.push({ check: CHECK, subject: id, detail: `still needs_input, reply window ended ${deadline}` });
    }
    if (state.status === 'accepted' || state.status === 'in_progress') active += 1;
  }
  return { violations, figures: { 'deployments still active': active } };
}
