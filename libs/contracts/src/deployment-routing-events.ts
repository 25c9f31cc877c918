/**
 * Routing events of the `deployment-<dep_id>` stream: the router offers a pending
 * deployment to one expert at a time, and the offer ends in an acceptance, a decline or a
 * timeout (work is never broadcast, never auctioned).
 * They are internal: the public object does not show offers, and webhooks do not carry them
 * (`PUBLIC_EVENT_TYPES` in delivery-events.ts lists what partners receive).
 */
import type { ExpertRef } from './deployment-events';

/**
 * Why the router chose this expert (docs/decisions.md "Router": the score).
 * Kept on `deployment.offered` so every offer can be explained after the fact.
 */
export interface MatchExplanation {
  /** The requested skills this expert covers, in request order. */
  covered_skills: string[];
  /** covered / requested, 0..1. Candidates are ranked on the count first. */
  coverage: number;
  median_turnaround_minutes: number;
  /** 1 / (1 + turnaround / 60 min): 1 for instant, 0.5 at one hour. */
  speed: number;
  /** Learned per workspace from completed work and its ratings, in (−1, 1): 0 with no history, below 0 after poor ratings. */
  brief_fit: number;
  completed_for_workspace: number;
  /** weights.speed × speed + weights.brief_fit × brief_fit, ranking ties on coverage. */
  score: number;
  weights: { speed: number; brief_fit: number };
  /** 1-based place among the candidates considered for this offer. */
  rank: number;
  candidates: number;
  /** Experts left out because they declined or let an earlier offer of this deployment time out. */
  passed_over: string[];
  /** Set when this expert was offered first because they did the deployment this one follows up. */
  follow_up_of?: string;
  /** Online experts left out because they could not be told of the offer (no console open, no working notification channel). */
  unreachable?: string[];
}

export interface DeploymentRoutingStarted {
  type: 'deployment.routing_started';
  /** A scheduled deployment reached `scheduled_for`; others start routing at creation. */
  data: { deployment_id: string; started_at: string };
}

export interface DeploymentOffered {
  type: 'deployment.offered';
  data: {
    deployment_id: string;
    /** 1, 2, … per deployment; part of the offer timer's job id. */
    offer_number: number;
    expert: ExpertRef;
    match: MatchExplanation;
    offered_at: string;
    offer_expires_at: string;
  };
}

export interface DeploymentOfferDeclined {
  type: 'deployment.offer_declined';
  data: { deployment_id: string; offer_number: number; expert_id: string; reason: string; declined_at: string };
}

export interface DeploymentOfferExpired {
  type: 'deployment.offer_expired';
  data: { deployment_id: string; offer_number: number; expert_id: string; expired_at: string };
}

export type DeploymentRoutingEvent = DeploymentRoutingStarted | DeploymentOffered | DeploymentOfferDeclined | DeploymentOfferExpired;

/** The routing events: internal steps towards an acceptance, which change nothing a client is shown. */
export const DEPLOYMENT_ROUTING_EVENT_TYPES: readonly string[] = [
  'deployment.routing_started',
  'deployment.offered',
  'deployment.offer_declined',
  'deployment.offer_expired',
] satisfies DeploymentRoutingEvent['type'][];
