/**
 * A deployment as the expert it was offered or assigned to sees it (the expert API).
 * Experts see the work (brief, context, the question and the agent's reply with its files) but
 * not the agent's `metadata`, webhook or other experts' offers (experts are reached
 * through the service only). Anyone else gets null: the caller answers 404.
 */
import type { CancelledBy, DeploymentStatus, ExpiryReason, Output, Urgency } from '@eh/contracts';
import type { DeploymentState, ExistingDeployment } from './deployment.state';

/** `offered`: the open offer is theirs; `passed_over`: they declined or let it time out; `assigned`: they accepted. */
export type ExpertRelation = 'offered' | 'passed_over' | 'assigned';

export interface ExpertDeploymentView {
  id: string;
  relation: ExpertRelation;
  status: DeploymentStatus;
  brief: string;
  skills: string[];
  urgency: Urgency;
  scheduled_for: string | null;
  sla_deadline: string;
  context_url: string | null;
  context_files: string[];
  credits_reserved: number;
  offer: { offer_number: number; offered_at: string; expires_at: string } | null;
  /** The open offer's end, for the console's countdown; null unless the offer is this expert's. */
  offer_expires_at: string | null;
  /** When the expert started work (`start`), for time tracking; null before. */
  started_at: string | null;
  question: { body: string; asked_at: string; reply_deadline: string } | null;
  reply: { body: string; context_files: string[]; replied_at: string } | null;
  output: Output | null;
  cancellation: { cancelled_by: CancelledBy; reason: string; cancelled_at: string } | null;
  expiry: { reason: ExpiryReason; expired_at: string } | null;
  created_at: string;
  /** Set when a handoff opened the deployment: the artifact to return and the memory keys it named. */
  handoff: { handoff_id: string; artifact: string; memory_keys: string[] } | null;
  /** The schema the expert's answer (`data` on publish) must match; null when the agent asked for prose only. */
  output_schema: Record<string, unknown> | null;
  /** The completed deployment this one follows up; null when it is new work. */
  follow_up_to: string | null;
}

export function expertRelation(state: DeploymentState, expertId: string): ExpertRelation | null {
  if (state.status === 'initial') return null;
  if (state.status === 'pending') {
    if (state.offer?.expert.id === expertId) return 'offered';
    return state.passed_over.includes(expertId) ? 'passed_over' : null;
  }
  return state.expert?.id === expertId ? 'assigned' : null;
}

/**
 * Who may read a deployment (`GET /expert/v1/deployments/:id`): the expert it is offered to now,
 * or assigned to. One who declined or let the offer lapse has no more business with its brief
 * and gets 404 like a stranger; the answer to their own decline still shows it.
 */
export function expertMayRead(state: DeploymentState, expertId: string): boolean {
  const relation = expertRelation(state, expertId);
  return relation === 'offered' || relation === 'assigned';
}

export function toExpertView(state: DeploymentState, expertId: string): ExpertDeploymentView | null {
  const relation = expertRelation(state, expertId);
  if (relation === null || state.status === 'initial') return null;
  const d = state.details;
  return {
    id: d.deployment_id,
    relation,
    status: state.status,
    brief: d.brief,
    skills: d.skills,
    urgency: d.urgency,
    scheduled_for: d.scheduled_for,
    sla_deadline: d.sla_deadline,
    context_url: d.context_url,
    context_files: d.context_files,
    credits_reserved: d.credits_reserved,
    offer:
      relation === 'offered' && state.status === 'pending' && state.offer
        ? { offer_number: state.offer.offer_number, offered_at: state.offer.offered_at, expires_at: state.offer.expires_at }
        : null,
    offer_expires_at: relation === 'offered' && state.status === 'pending' && state.offer ? state.offer.expires_at : null,
    started_at: startedAt(state),
    ...clarificationOf(state),
    output: state.status === 'completed' ? state.output : state.status === 'cancelled' ? state.partial_output : null,
    cancellation: state.status === 'cancelled' ? { cancelled_by: state.cancelled_by, reason: state.reason, cancelled_at: state.cancelled_at } : null,
    expiry: state.status === 'expired' ? { reason: state.reason, expired_at: state.expired_at } : null,
    created_at: d.created_at,
    handoff: d.handoff ? { handoff_id: d.handoff.handoff_id, artifact: d.handoff.artifact, memory_keys: d.handoff.memory.map((entry) => entry.key) } : null,
    output_schema: d.output_schema ?? null,
    follow_up_to: d.follow_up_to?.deployment_id ?? null,
  };
}

function startedAt(state: ExistingDeployment): string | null {
  switch (state.status) {
    case 'pending':
    case 'accepted':
      return null;
    default:
      return state.started_at;
  }
}

function clarificationOf(state: ExistingDeployment): Pick<ExpertDeploymentView, 'question' | 'reply'> {
  const clarification = state.status === 'pending' || state.status === 'accepted' ? null : state.clarification;
  if (clarification === null) return { question: null, reply: null };
  const { question, reply } = clarification;
  return { question: { ...question }, reply: reply === null ? null : { ...reply } };
}
