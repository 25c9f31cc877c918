/**
 * Events of the `deployment-<dep_id>` stream: its state transitions and public events.
 * Past tense, one union; the envelope (ids, workspace, correlation, time) lives in EventMetadata.
 * Adding an optional field is fine; a breaking change needs a new schema version and an upcaster.
 * The router's internal events (offers) are in deployment-routing-events.ts.
 */
import type { DeploymentRoutingEvent } from './deployment-routing-events';
import type { MemoryKind } from './memory-events';

export const URGENCIES = ['standard', 'priority', 'scheduled'] as const;
export type Urgency = (typeof URGENCIES)[number];

export const DEPLOYMENT_STATUSES = ['pending', 'accepted', 'in_progress', 'needs_input', 'completed', 'cancelled', 'expired'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

export type KeyMode = 'test' | 'live';

/** Caller key/value pairs, flat, returned unchanged (docs/decisions.md: limits). */
export type Metadata = Record<string, string | number | boolean>;

export interface ExpertRef {
  id: string;
  name: string;
  role: string;
}

export interface Output {
  format: 'markdown';
  body: string;
  attachments: Attachment[];
  /** The typed answer: present when the deployment was created with an `output_schema`, and valid against it. */
  data?: Record<string, unknown>;
}

/** The item shape is decided in docs/decisions.md. */
export interface Attachment {
  name: string;
  url: string;
  content_type: string;
  size_bytes: number;
  /**
   * Set on events only, for a file in the service's blob store: `url` is then the
   * unsigned path `/v1/attachments/<att_id>/content`, signed for each reader when it is shown.
   * Never part of a response: readers see `{name, url, content_type, size_bytes}`.
   */
  attachment_id?: string;
}

export type CancelledBy = 'agent' | 'expert' | 'operations';
export type ExpiryReason = 'not_accepted' | 'question_unanswered';

/**
 * Set when a handoff opened the deployment: the artifact to return and the memory
 * entries the handoff named (as they were at opening), which the expert sees first.
 */
export interface DeploymentHandoffRef {
  handoff_id: string;
  artifact: string;
  memory: { key: string; kind: MemoryKind }[];
}

export interface DeploymentCreated {
  type: 'deployment.created';
  data: {
    deployment_id: string;
    workspace_id: string;
    mode: KeyMode;
    brief: string;
    skills: string[];
    urgency: Urgency;
    scheduled_for: string | null;
    context_url: string | null;
    context_files: string[];
    metadata: Metadata;
    webhook_url: string | null;
    sla_deadline: string;
    credits_reserved: number;
    created_at: string;
    /** Absent on deployments created through POST /v1/deployments. */
    handoff?: DeploymentHandoffRef;
    /** The JSON Schema (2020-12) the answer's `output.data` must match; absent when the agent gave none. */
    output_schema?: Record<string, unknown>;
    /** The completed deployment of the same workspace and mode this one follows up, and who did it. */
    follow_up_to?: { deployment_id: string; expert_id: string };
  };
}

export interface DeploymentAccepted {
  type: 'deployment.accepted';
  data: { deployment_id: string; expert: ExpertRef; accepted_at: string };
}

export interface DeploymentStarted {
  type: 'deployment.in_progress';
  data: { deployment_id: string; started_at: string };
}

export interface DeploymentQuestionAsked {
  type: 'deployment.needs_input';
  data: { deployment_id: string; question: string; asked_at: string; reply_deadline: string };
}

/** The agent's reply; the deployment returns to `in_progress` (docs/decisions.md). */
export interface DeploymentReplyReceived {
  type: 'deployment.reply_received';
  data: { deployment_id: string; body: string; context_files: string[]; replied_at: string };
}

export interface DeploymentCompleted {
  type: 'deployment.completed';
  data: {
    deployment_id: string;
    output: Output;
    credits_charged: number;
    duration_seconds: number;
    completed_at: string;
  };
}

export interface DeploymentCancelled {
  type: 'deployment.cancelled';
  data: {
    deployment_id: string;
    cancelled_by: CancelledBy;
    reason: string;
    partial_output: Output | null;
    cancelled_at: string;
  };
}

export interface DeploymentExpired {
  type: 'deployment.expired';
  data: { deployment_id: string; reason: ExpiryReason; expired_at: string };
}

/**
 * The agent rated a completed deployment, once. Internal: no webhook carries it (the partner
 * gave it); it feeds the expert's brief-fit for the workspace and the expert's history.
 */
export interface DeploymentFeedbackGiven {
  type: 'deployment.feedback_given';
  data: { deployment_id: string; expert_id: string; rating: number; comment: string | null; given_at: string };
}

export type DeploymentEvent =
  | DeploymentCreated
  | DeploymentRoutingEvent
  | DeploymentAccepted
  | DeploymentStarted
  | DeploymentQuestionAsked
  | DeploymentReplyReceived
  | DeploymentCompleted
  | DeploymentCancelled
  | DeploymentExpired
  | DeploymentFeedbackGiven;

export type DeploymentEventType = DeploymentEvent['type'];

/** Every deployment event type, the routing ones included; `satisfies` keeps the list complete. */
const EVERY_DEPLOYMENT_EVENT_TYPE = {
  'deployment.created': true,
  'deployment.routing_started': true,
  'deployment.offered': true,
  'deployment.offer_declined': true,
  'deployment.offer_expired': true,
  'deployment.accepted': true,
  'deployment.in_progress': true,
  'deployment.needs_input': true,
  'deployment.reply_received': true,
  'deployment.completed': true,
  'deployment.cancelled': true,
  'deployment.expired': true,
  'deployment.feedback_given': true,
} as const satisfies Record<DeploymentEventType, true>;
export const DEPLOYMENT_EVENT_TYPES = Object.keys(EVERY_DEPLOYMENT_EVENT_TYPE) as readonly DeploymentEventType[];

export const deploymentStreamName = (deploymentId: string): string => `deployment-${deploymentId}`;
