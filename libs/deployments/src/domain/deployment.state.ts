/**
 * The state of one deployment stream, folded from its events.
 * A tagged union on `status`: each variant carries exactly what is known
 * at that point of the state transitions, so nothing is `Partial<>` or guessed.
 */
import { DEPLOYMENT_STATUSES } from '@eh/contracts';
import type { CancelledBy, DeploymentCreated, ExpertRef, ExpiryReason, Output } from '@eh/contracts';

/** What the agent asked for, as recorded by `deployment.created`. */
export type DeploymentDetails = DeploymentCreated['data'];

export interface AskedQuestion {
  body: string;
  asked_at: string;
  reply_deadline: string;
}

export interface ReceivedReply {
  body: string;
  context_files: string[];
  replied_at: string;
}

/**
 * The expert may ask one clarifying question per deployment.
 * The exchange is kept after the reply so a second question can be refused and the
 * question stays visible on the deployment object.
 */
export interface OpenClarification {
  question: AskedQuestion;
  reply: null;
}
export interface AnsweredClarification {
  question: AskedQuestion;
  reply: ReceivedReply;
}
export type Clarification = OpenClarification | AnsweredClarification;

/** Known from `deployment.created` on. */
interface Created {
  details: DeploymentDetails;
  /** Time of the last event applied (the `now` of the command that caused it). */
  updated_at: string;
}

/** Known from `deployment.accepted` on. */
interface Assigned extends Created {
  expert: ExpertRef;
  accepted_at: string;
}

/** Known from `deployment.in_progress` on. */
interface Started extends Assigned {
  started_at: string;
}

/** Work done before a cancellation or expiry, which may come before acceptance. */
interface WorkSoFar {
  expert: ExpertRef | null;
  accepted_at: string | null;
  started_at: string | null;
  clarification: Clarification | null;
}

export interface InitialDeployment {
  status: 'initial';
}

/** The one offer a pending live deployment may have open (never two: docs/decisions.md). */
export interface OpenOffer {
  offer_number: number;
  expert: ExpertRef;
  offered_at: string;
  expires_at: string;
}

export interface PendingDeployment extends Created {
  status: 'pending';
  /** When routing began: creation, or `scheduled_for` for a scheduled deployment (null until then). */
  routing_started_at: string | null;
  offer: OpenOffer | null;
  /** Offers made so far; the next one is number offers_made + 1. */
  offers_made: number;
  /** Experts who declined or let their offer time out: never offered this deployment again. */
  passed_over: string[];
}

export interface AcceptedDeployment extends Assigned {
  status: 'accepted';
}

export interface InProgressDeployment extends Started {
  status: 'in_progress';
  /** null: no question asked yet. Otherwise the answered question (back from needs_input). */
  clarification: AnsweredClarification | null;
}

export interface NeedsInputDeployment extends Started {
  status: 'needs_input';
  clarification: OpenClarification;
}

export interface CompletedDeployment extends Started {
  status: 'completed';
  clarification: AnsweredClarification | null;
  output: Output;
  credits_charged: number;
  duration_seconds: number;
  completed_at: string;
  /** The agent's rating, once given (optional: folds of streams written before feedback existed). */
  feedback?: DeploymentFeedback;
}

export interface DeploymentFeedback {
  rating: number;
  comment: string | null;
  given_at: string;
}

export interface CancelledDeployment extends Created, WorkSoFar {
  status: 'cancelled';
  cancelled_by: CancelledBy;
  reason: string;
  partial_output: Output | null;
  cancelled_at: string;
}

export interface ExpiredDeployment extends Created, WorkSoFar {
  status: 'expired';
  reason: ExpiryReason;
  expired_at: string;
}

export type DeploymentState =
  | InitialDeployment
  | PendingDeployment
  | AcceptedDeployment
  | InProgressDeployment
  | NeedsInputDeployment
  | CompletedDeployment
  | CancelledDeployment
  | ExpiredDeployment;

/** Every created (non-initial) state. */
export type ExistingDeployment = Exclude<DeploymentState, InitialDeployment>;

/** `initial` is the decider's "no stream yet"; it is never a public status. */
export const DEPLOYMENT_STATE_STATUSES = ['initial', ...DEPLOYMENT_STATUSES] as const;
export type DeploymentStateStatus = DeploymentState['status'];

/** Terminal states have no further transitions. */
export const TERMINAL_STATUSES = ['completed', 'cancelled', 'expired'] as const;
export type TerminalDeployment = CompletedDeployment | CancelledDeployment | ExpiredDeployment;

export const isTerminal = (state: DeploymentState): state is TerminalDeployment =>
  state.status === 'completed' || state.status === 'cancelled' || state.status === 'expired';

export const initialDeploymentState: DeploymentState = Object.freeze({ status: 'initial' });
