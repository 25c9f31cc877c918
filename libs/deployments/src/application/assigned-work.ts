import { DomainError, type ExpertRef } from '@eh/contracts';
import type { EventStore } from '@eh/event-store';
import type { ExpertDeploymentView } from '../domain/deployment.expert-view';
import { viewAsExpert } from './expert-actions.handler';

const ACTIVE = new Set(['accepted', 'in_progress', 'needs_input']);

/**
 * The expert's own work (uploads, drafts): the deployment must be assigned to them;
 * with `activeOnly`, still open for publishing. Anyone else learns nothing (404), as on every
 * expert route; the offered expert is told to accept first (403).
 */
export async function assignedWork(
  store: EventStore,
  expert: ExpertRef,
  deploymentId: string,
  options: { field: string; activeOnly: boolean },
): Promise<ExpertDeploymentView> {
  const view = await viewAsExpert(store, expert.id, deploymentId).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'not_found')
      throw new DomainError('not_found', `no deployment ${deploymentId} assigned to you`, options.field);
    throw error;
  });
  if (view.relation !== 'assigned')
    throw new DomainError('expert_not_assigned', `deployment ${deploymentId} is not assigned to you (accept the offer first)`, options.field);
  if (options.activeOnly && !ACTIVE.has(view.status))
    throw new DomainError('invalid_state_transition', `deployment ${deploymentId} is ${view.status}: no longer open for work`, options.field);
  return view;
}
