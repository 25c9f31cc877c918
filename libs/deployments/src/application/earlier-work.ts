import { deploymentStreamName, type Output } from '@eh/contracts';
import { loadAggregate, type EventStore } from '@eh/event-store';
import { deploymentDecider } from '../domain/deployment.decider';
import type { ExpertDeploymentView } from '../domain/deployment.expert-view';

/** The deployment a follow-up continues, as the expert working the follow-up reads it beside the new brief. */
export interface EarlierWork {
  deployment_id: string;
  brief: string;
  question: string | null;
  reply: string | null;
  output: Output | null;
  completed_at: string | null;
}

const WORKING = new Set(['accepted', 'in_progress', 'needs_input']);

/**
 * The earlier work of a follow-up, for the expert viewing it: the expert who did that work reads
 * it from the offer on (it is their own); another expert, as with brand memory, only once the
 * follow-up is assigned to them and while it is open. Null for any other deployment.
 */
export async function earlierWorkFor(store: EventStore, view: ExpertDeploymentView, expertId: string): Promise<EarlierWork | null> {
  if (!view.follow_up_to) return null;
  const { state } = await loadAggregate(store, deploymentStreamName(view.follow_up_to), deploymentDecider);
  if (state.status !== 'completed') return null;
  const ownWork = state.expert.id === expertId;
  if (!ownWork && (view.relation !== 'assigned' || !WORKING.has(view.status))) return null;
  return {
    deployment_id: state.details.deployment_id,
    brief: state.details.brief,
    question: state.clarification?.question.body ?? null,
    reply: state.clarification?.reply?.body ?? null,
    output: state.output,
    completed_at: state.completed_at,
  };
}
