/**
 * Commands on one deployment stream. Everything from outside comes in with the command:
 * `now` (ISO 8601), ids, the expert and deadlines (no clock, no id
 * generation inside decide). Field names are camelCase; event data stays snake_case.
 */
import type { CancelledBy, DeploymentCreated, ExpertRef, ExpiryReason, MatchExplanation, Output } from '@eh/contracts';

/** POST /v1/deployments, after validation, quote and credit reservation.
 *  `data.created_at` is the command's `now`. */
export interface CreateDeployment {
  type: 'create';
  data: DeploymentCreated['data'];
}

/** A scheduled deployment's start timer fired at `scheduled_for`: routing begins. */
export interface StartRouting {
  type: 'start_routing';
  now: string;
}

/** The router offers a live deployment to the best-ranked expert; `expiresAt` comes from configuration. */
export interface OfferDeployment {
  type: 'offer';
  expert: ExpertRef;
  match: MatchExplanation;
  expiresAt: string;
  now: string;
}

/** The offered expert says no; the router offers to the next candidate. */
export interface DeclineOffer {
  type: 'decline';
  expertId: string;
  reason: string;
  now: string;
}

/** The offer timer fired; `offerNumber` names the offer, so a late timer for an older one is refused. */
export interface ExpireOffer {
  type: 'expire_offer';
  offerNumber: number;
  now: string;
}

/** The offered expert (live) or the synthetic expert (test) takes the deployment. */
export interface AcceptDeployment {
  type: 'accept';
  expert: ExpertRef;
  now: string;
}

/** The assigned expert begins active work. */
export interface StartDeployment {
  type: 'start';
  expertId: string;
  now: string;
}

/** The assigned expert asks the one clarifying question; `replyDeadline` comes from configuration. */
export interface AskQuestion {
  type: 'ask_question';
  expertId: string;
  question: string;
  replyDeadline: string;
  now: string;
}

/** POST /v1/deployments/:id/reply. */
export interface ReplyToQuestion {
  type: 'reply';
  body: string;
  contextFiles: string[];
  now: string;
}

/** The assigned expert publishes the output; the charge settles the reserved credits. */
export interface PublishOutput {
  type: 'publish';
  expertId: string;
  output: Output;
  creditsCharged: number;
  durationSeconds: number;
  now: string;
}

/** From the agent (POST /v1/deployments/:id/cancel), the expert or service operations,
 *  each with a reason. `expertId` is required when `by` is `expert`. */
export interface CancelDeployment {
  type: 'cancel';
  by: CancelledBy;
  reason: string;
  partialOutput: Output | null;
  expertId?: string;
  now: string;
}

/** A timer fired: SLA elapsed without acceptance, or the reply window closed. */
export interface ExpireDeployment {
  type: 'expire';
  reason: ExpiryReason;
  now: string;
}

/** The agent rates a completed deployment (`POST /v1/deployments/:id/feedback`). */
export interface GiveFeedback {
  type: 'give_feedback';
  rating: number;
  comment: string | null;
  now: string;
}

export type DeploymentCommand =
  | CreateDeployment
  | StartRouting
  | OfferDeployment
  | DeclineOffer
  | ExpireOffer
  | AcceptDeployment
  | StartDeployment
  | AskQuestion
  | ReplyToQuestion
  | PublishOutput
  | CancelDeployment
  | ExpireDeployment
  | GiveFeedback;

export type DeploymentCommandType = DeploymentCommand['type'];

/** Every command type, for exhaustive tests; `satisfies` keeps the list in step with the union. */
export const DEPLOYMENT_COMMAND_TYPES = [
  'create',
  'start_routing',
  'offer',
  'decline',
  'expire_offer',
  'accept',
  'start',
  'ask_question',
  'reply',
  'publish',
  'cancel',
  'expire',
  'give_feedback',
] as const satisfies readonly DeploymentCommandType[];

type MissingCommandType = Exclude<DeploymentCommandType, (typeof DEPLOYMENT_COMMAND_TYPES)[number]>;
/** Fails to compile when a command is added to the union but not to the list above. */
const allCommandTypesListed: [MissingCommandType] extends [never] ? true : false = true;
void allCommandTypesListed;
