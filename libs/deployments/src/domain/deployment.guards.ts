/**
 * Checks shared by the command functions of deployment.decider.ts. Every rejection is a
 * DomainError with a stable code and a message naming the deployment and its state; the
 * gateway maps codes to HTTP at the edge.
 */
import { DomainError } from '@eh/contracts';
import type { ErrorCode } from '@eh/contracts';
import type { DeploymentState, ExistingDeployment } from './deployment.state';

/** A stream with no events is a deployment that does not exist (404 `not_found`). */
export function assertExists(state: DeploymentState): asserts state is ExistingDeployment {
  if (state.status === 'initial') throw new DomainError('not_found', 'deployment not found');
}

/**
 * A command that applies in some states only: `not_found` before the deployment exists, `code`
 * (with `rule` in the message) in any other state it is not allowed from.
 */
export function assertIn<Status extends DeploymentState['status']>(
  state: DeploymentState,
  allowed: readonly Status[],
  code: ErrorCode,
  rule: string,
): asserts state is Extract<ExistingDeployment, { status: Status }> {
  assertExists(state);
  if (!(allowed as readonly string[]).includes(state.status)) throw refuse(code, state, rule);
}

/** Expert commands must come from the expert who accepted the deployment (never broadcast). */
export function assertAssigned(state: ExistingDeployment, expertId: string | undefined): void {
  const assigned = 'expert' in state ? state.expert : null;
  if (assigned === null || expertId === undefined || expertId !== assigned.id) {
    const who = assigned === null ? 'no expert is' : `${assigned.id} is`;
    throw new DomainError('expert_not_assigned', `expert ${expertId ?? '(none)'} is not assigned to deployment ${idOf(state)}; ${who}`);
  }
}

export const idOf = (state: ExistingDeployment): string => state.details.deployment_id;

/** "deployment dep_… is in_progress; only pending or accepted deployments can be cancelled…" */
export function refuse(code: ErrorCode, state: ExistingDeployment, rule: string): DomainError {
  return new DomainError(code, `deployment ${idOf(state)} is ${state.status}; ${rule}`);
}

/** ['a', 'b', 'c'] → "a, b or c". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
