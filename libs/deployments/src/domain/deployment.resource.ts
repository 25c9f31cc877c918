/**
 * The public Deployment object, derived from the folded state so the API, the read model and webhooks agree.
 *
 * Decisions where the API's contract left a choice open:
 * - Creation input is echoed back (`context_url`, `context_files`, `scheduled_for`,
 *   `webhook_url`), as Stripe does; absent optional inputs are null / [].
 * - The clarifying question is `question: { body, asked_at, reply_deadline }` from needs_input
 *   on, and kept afterwards; `reply: { body, replied_at }` once answered. Both null otherwise.
 * - `cancellation: { cancelled_by, reason, cancelled_at }` when cancelled, else null.
 * - `expiry: { reason, expired_at }` when expired, else null.
 * - `output` is the partial output of a cancelled deployment when one was attached.
 * - `credits_charged`, `duration_seconds`, `completed_at` are present only once completed;
 *   they are absent, not null, before.
 * - `updated_at` is the time (`now`) of the last event.
 */
import type { CancelledBy, DeploymentStatus, ExpertRef, ExpiryReason, Output, Urgency } from '@eh/contracts';
import type { Clarification, DeploymentDetails, DeploymentState, ExistingDeployment } from './deployment.state';

export interface DeploymentQuestion {
  body: string;
  asked_at: string;
  reply_deadline: string;
}

export interface DeploymentReply {
  body: string;
  replied_at: string;
}

export interface DeploymentCancellation {
  cancelled_by: CancelledBy;
  reason: string;
  cancelled_at: string;
}

export interface DeploymentExpiry {
  reason: ExpiryReason;
  expired_at: string;
}

export interface DeploymentResource {
  id: string;
  status: DeploymentStatus;
  brief: string;
  skills: string[];
  urgency: Urgency;
  sla_deadline: string;
  credits_reserved: number;
  expert: ExpertRef | null;
  output: Output | null;
  /** Returned unchanged; the type follows the created event's. */
  metadata: DeploymentDetails['metadata'];
  created_at: string;
  updated_at: string;
  context_url: string | null;
  context_files: string[];
  scheduled_for: string | null;
  webhook_url: string | null;
  question: DeploymentQuestion | null;
  reply: DeploymentReply | null;
  cancellation: DeploymentCancellation | null;
  expiry: DeploymentExpiry | null;
  credits_charged?: number;
  duration_seconds?: number;
  completed_at?: string;
  /** The schema the answer's `output.data` follows; only on deployments created with one. */
  output_schema?: Record<string, unknown>;
  /** The agent's rating of a completed deployment, once given. */
  feedback?: { rating: number; comment: string | null; given_at: string };
  /** The completed deployment this one follows up; only on follow-ups. */
  follow_up_to?: string;
  /** The deployments that follow this one up, oldest first: on `GET /v1/deployments/:id` only, when there are some. */
  follow_ups?: string[];
}

export function toDeploymentResource(state: DeploymentState): DeploymentResource {
  if (state.status === 'initial') {
    // Callers load the stream first and answer `not_found` when it is empty.
    throw new Error('toDeploymentResource: the deployment has no events (initial state)');
  }
  const d = state.details;
  const base: DeploymentResource = {
    id: d.deployment_id,
    status: state.status,
    brief: d.brief,
    skills: d.skills,
    urgency: d.urgency,
    sla_deadline: d.sla_deadline,
    credits_reserved: d.credits_reserved,
    expert: expertOf(state),
    output: null,
    metadata: d.metadata,
    created_at: d.created_at,
    updated_at: state.updated_at,
    context_url: d.context_url,
    context_files: d.context_files,
    scheduled_for: d.scheduled_for,
    webhook_url: d.webhook_url,
    ...clarificationOf(state),
    cancellation: null,
    expiry: null,
    ...(d.output_schema ? { output_schema: d.output_schema } : {}),
    ...(d.follow_up_to ? { follow_up_to: d.follow_up_to.deployment_id } : {}),
  };
  switch (state.status) {
    case 'completed':
      return {
        ...base,
        output: state.output,
        credits_charged: state.credits_charged,
        duration_seconds: state.duration_seconds,
        completed_at: state.completed_at,
        ...(state.feedback ? { feedback: state.feedback } : {}),
      };
    case 'cancelled': {
      const { cancelled_by, reason, cancelled_at } = state;
      return { ...base, output: state.partial_output, cancellation: { cancelled_by, reason, cancelled_at } };
    }
    case 'expired':
      return { ...base, expiry: { reason: state.reason, expired_at: state.expired_at } };
    default:
      return base;
  }
}

function expertOf(state: ExistingDeployment): ExpertRef | null {
  return state.status === 'pending' ? null : state.expert;
}

function clarificationOf(state: ExistingDeployment): Pick<DeploymentResource, 'question' | 'reply'> {
  const clarification: Clarification | null = state.status === 'pending' || state.status === 'accepted' ? null : state.clarification;
  if (clarification === null) return { question: null, reply: null };
  const { question, reply } = clarification;
  return {
    question: { body: question.body, asked_at: question.asked_at, reply_deadline: question.reply_deadline },
    reply: reply === null ? null : { body: reply.body, replied_at: reply.replied_at },
  };
}
