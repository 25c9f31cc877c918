/**
 * Handoffs, the second surface (POST /v1/handoffs). A handoff opens one
 * deployment routed to one expert and mirrors it: each of its status changes is one event of
 * the `handoff-<hnd_id>` stream. Decisions: docs/decisions.md "Brand memory and handoffs".
 */
import type { KeyMode, Metadata, Output, Urgency } from './deployment-events';

/** `ready` is published; the rest are decided. New values are added at the end. */
export const HANDOFF_STATUSES = ['open', 'in_review', 'needs_input', 'ready', 'cancelled', 'expired'] as const;
export type HandoffStatus = (typeof HANDOFF_STATUSES)[number];

/** `expert`: one deployment, routed to one expert. */
export const HANDOFF_ROUTES = ['expert'] as const;
export type HandoffRoute = (typeof HANDOFF_ROUTES)[number];

/** `save_to_memory`: the delivered artifact is saved as a `prior_output` memory entry. */
export const HANDOFF_POLICIES = ['none', 'save_to_memory'] as const;
export type HandoffPolicy = (typeof HANDOFF_POLICIES)[number];

export interface HandoffContext {
  goal: string;
  /** File names the product refers to; listed in the expert's brief. */
  files: string[];
  memory_keys: string[];
}

export interface HandoffOpened {
  type: 'handoff.opened';
  data: {
    handoff_id: string;
    workspace_id: string;
    mode: KeyMode;
    deployment_id: string;
    surface: string;
    outcome: string;
    route: HandoffRoute;
    trigger: string | null;
    policy: HandoffPolicy;
    /** The `return` field: the name of the artifact to return. */
    artifact: string;
    context: HandoffContext;
    skills: string[];
    urgency: Urgency;
    metadata: Metadata;
    opened_at: string;
  };
}

/** What every mirrored change carries: who works it, how many comments, which deployment revision. */
interface Mirrored {
  handoff_id: string;
  expert_id: string | null;
  comments: number;
  deployment_revision: number;
  at: string;
}

export interface HandoffInReview {
  type: 'handoff.in_review';
  data: Mirrored & { expert_id: string };
}

export interface HandoffNeedsInput {
  type: 'handoff.needs_input';
  data: Mirrored & { expert_id: string; question: string };
}

export interface HandoffReady {
  type: 'handoff.ready';
  data: Mirrored & { expert_id: string; output: Output; memory_entry_key: string | null };
}

export interface HandoffCancelled {
  type: 'handoff.cancelled';
  data: Mirrored & { reason: string };
}

export interface HandoffExpired {
  type: 'handoff.expired';
  data: Mirrored;
}

export type HandoffEvent = HandoffOpened | HandoffInReview | HandoffNeedsInput | HandoffReady | HandoffCancelled | HandoffExpired;

export const handoffStreamName = (handoffId: string): string => `handoff-${handoffId}`;

/** The deployment a handoff opens shares its ULID (`hnd_X` → `dep_X`): deterministic, so a retry finds it. */
export const handoffDeploymentId = (handoffId: string): string => `dep_${handoffId.slice(handoffId.indexOf('_') + 1)}`;
