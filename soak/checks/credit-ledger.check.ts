import type { AccountEvent } from '@eh/contracts';
import { creditFlows, creditsReserved, foldAccount } from '@eh/ledger';
import type { FoldedDeployment } from './deployment-history.check';
import type { StoredEvent } from './soak-evidence';
import { groupBy, type CheckResult, type Violation } from './soak-violation';

const CHECK = 'ledger';

/**
 * Each account conserves credits (granted − expired = remaining + reserved + charged, none
 * negative); no reservation is left open for a deployment that ended or never existed; each
 * live deployment's hold is released or settled exactly once, settled for what the expert
 * reported (at most what was held); test work never touches the ledger.
 */
export function checkCreditLedger(events: readonly StoredEvent[], deployments: readonly FoldedDeployment[]): CheckResult {
  const violations: Violation[] = [];
  const byDeployment = new Map(deployments.map((deployment) => [deployment.id, deployment]));
  const accounts = groupBy(
    events.filter((event) => event.streamName.startsWith('account-')),
    (event) => event.streamName,
  );
  /** Per deployment, its account's reserves, releases and settlements in order. */
  const holds = new Map<string, AccountEvent[]>();
  let reservedNow = 0;
  for (const [stream, recorded] of accounts) {
    const history = [...recorded].sort((a, b) => a.revision - b.revision).map((event) => ({ type: event.type, data: event.data }) as unknown as AccountEvent);
    const state = foldAccount(history);
    if (state.status !== 'open') continue;
    const reserved = creditsReserved(state);
    reservedNow += reserved;
    const { granted, expired, charged } = creditFlows(history);
    if (state.allowance < 0 || state.topup < 0 || reserved < 0)
      violations.push({ check: CHECK, subject: stream, detail: `negative: allowance ${state.allowance}, top-up ${state.topup}, reserved ${reserved}` });
    if (granted - expired !== state.allowance + state.topup + reserved + charged) {
      violations.push({
        check: CHECK,
        subject: stream,
        detail: `granted ${granted} − expired ${expired} ≠ remaining ${state.allowance + state.topup} + reserved ${reserved} + charged ${charged}`,
      });
    }
    for (const reservation of Object.values(state.reservations)) {
      const deployment = byDeployment.get(reservation.deploymentId);
      const status = deployment?.state.status ?? 'never created';
      if (!deployment || ['completed', 'cancelled', 'expired'].includes(status))
        violations.push({
          check: CHECK,
          subject: reservation.deploymentId,
          detail: `${reservation.amount} credits still held for a deployment that is ${status}`,
        });
    }
    for (const event of history) {
      if (event.type === 'account.credits_reserved' || event.type === 'account.credits_released' || event.type === 'account.credits_settled') {
        const list = holds.get(event.data.deployment_id) ?? [];
        list.push(event);
        holds.set(event.data.deployment_id, list);
      }
      if (event.type === 'account.credits_reserved' && byDeployment.get(event.data.deployment_id)?.mode === 'test') {
        violations.push({ check: CHECK, subject: event.data.deployment_id, detail: 'a test-mode deployment held credits' });
      }
    }
  }
  let settled = 0;
  for (const [deploymentId, moves] of holds) {
    // Each hold ends once: reserved, ended, and again only after a new reserve (a create retried
    // under its Idempotency-Key after its first hold was released as an orphan holds again).
    const sequence = moves.map((move) => move.type.replace('account.credits_', '')).join(', ');
    moves.forEach((move, index) => {
      const reserveDue = index % 2 === 0;
      if (reserveDue !== (move.type === 'account.credits_reserved'))
        violations.push({
          check: CHECK,
          subject: deploymentId,
          detail: `${move.type.replace('account.credits_', '')} where ${reserveDue ? 'a new reservation' : 'its release or settlement'} was due (${sequence})`,
        });
    });
  }
  for (const deployment of deployments) {
    if (deployment.mode !== 'live' || deployment.state.status === 'initial' || deployment.state.details.credits_reserved === 0) continue;
    const status = deployment.state.status;
    if (status !== 'completed' && status !== 'cancelled' && status !== 'expired') continue;
    const end = holds.get(deployment.id)?.at(-1);
    if (!end || end.type === 'account.credits_reserved') {
      violations.push({
        check: CHECK,
        subject: deployment.id,
        detail: `${status}, its ${deployment.state.details.credits_reserved} credits never released or settled`,
      });
      continue;
    }
    if (status === 'completed') {
      if (end.type !== 'account.credits_settled')
        violations.push({ check: CHECK, subject: deployment.id, detail: `completed, but its credits were ${end.type}` });
      else {
        settled += 1;
        const expected = Math.min(deployment.state.credits_charged, end.data.reserved);
        if (end.data.reported_charge !== deployment.state.credits_charged || end.data.charged !== expected) {
          violations.push({
            check: CHECK,
            subject: deployment.id,
            detail: `charged ${end.data.charged} for a reported ${deployment.state.credits_charged} against ${end.data.reserved} held (expected ${expected})`,
          });
        }
      }
    } else if (end.type !== 'account.credits_released' || end.data.reason !== status) {
      violations.push({
        check: CHECK,
        subject: deployment.id,
        detail: `${status}, but its credits were ${end.type}${end.type === 'account.credits_released' ? ` (${end.data.reason})` : ''}`,
      });
    }
  }
  return { violations, figures: { accounts: accounts.size, 'live deployments settled': settled, 'credits held at the end': reservedNow } };
}
