import type { ExistingDeployment } from '@eh/deployments';
import type { DeploymentSnapshot } from '../domain/handoff.decider';

/** What a handoff mirrors of its deployment at one revision of the deployment stream. */
export function deploymentSnapshot(state: ExistingDeployment, revision: number): DeploymentSnapshot {
  const clarification = state.status === 'pending' || state.status === 'accepted' ? null : state.clarification;
  const comments = clarification === null ? 0 : clarification.reply === null ? 1 : 2;
  return {
    revision,
    status: state.status,
    expert_id: state.status === 'pending' ? null : (state.expert?.id ?? null),
    comments,
    question: state.status === 'needs_input' ? state.clarification.question.body : null,
    output: state.status === 'completed' ? state.output : null,
    cancel_reason: state.status === 'cancelled' ? state.reason : null,
  };
}
