import type { Actor } from './actor';
import type { KeyMode } from './deployment-events';

/**
 * Webhook delivery contracts: the events of the `delivery-<del_id>`
 * and `webhook_endpoint-<ws_id>` streams, and which domain events partners receive.
 * Past tense, one union per aggregate; the envelope lives in EventMetadata.
 */

/**
 * Events delivered to partners: every public deployment state change, plus
 * `deployment.reply_received` (our resume event, docs/decisions.md) and the ledger's
 * `usage.threshold_reached`, and the handoff status changes. `deployment.created`
 * is not sent: the create response already carries it.
 */
export const PUBLIC_EVENT_TYPES = [
  'deployment.accepted',
  'deployment.in_progress',
  'deployment.needs_input',
  'deployment.reply_received',
  'deployment.completed',
  'deployment.cancelled',
  'deployment.expired',
  'usage.threshold_reached',
  // Every handoff status change (`handoff.opened` is not sent: the create response carries it).
  'handoff.in_review',
  'handoff.needs_input',
  'handoff.ready',
  'handoff.cancelled',
  'handoff.expired',
] as const;
export type PublicEventType = (typeof PUBLIC_EVENT_TYPES)[number];

export const isPublicEventType = (type: string): type is PublicEventType => (PUBLIC_EVENT_TYPES as readonly string[]).includes(type);

/** What a partner's endpoint can be sent: the public events, and the test event it asks for. */
export type DeliveredEventType = PublicEventType | 'webhook.test';

/** Where a delivery goes: the workspace endpoint, or the deployment's `webhook_url` override. */
export interface DeliveryDestination {
  /** `we_…` when the workspace endpoint; null for a `webhook_url` override. */
  endpoint_id: string | null;
  url: string;
}

export interface DeliveryScheduled {
  type: 'delivery.scheduled';
  data: DeliveryDestination & {
    delivery_id: string;
    workspace_id: string;
    event_id: string;
    event_type: DeliveredEventType;
    /**
     * The mode of what the event is about (a deployment's, a handoff's; `live` for
     * usage). Absent on deliveries scheduled before: those are listed to operations only.
     */
    mode?: KeyMode;
    /** The deployment the event is about (for a handoff event, the handoff's); null for workspace-level events. */
    deployment_id: string | null;
    /** The exact bytes sent on every attempt (the signature timestamp is fresh per attempt). */
    body: string;
    scheduled_at: string;
  };
}

export interface DeliveryAttempted {
  type: 'delivery.attempted';
  data: {
    delivery_id: string;
    /** 1-based, counted over the delivery's whole life (replays continue the count). */
    attempt: number;
    attempted_at: string;
    /** null: no HTTP response (timeout, network error, refused address). */
    status_code: number | null;
    latency_ms: number;
    error: string | null;
  };
}

export interface DeliverySucceeded {
  type: 'delivery.succeeded';
  data: { delivery_id: string; attempt: number; succeeded_at: string };
}

/** A 4xx: the receiver acknowledged and refused it; not retried. */
export interface DeliveryFailedPermanently {
  type: 'delivery.failed_permanently';
  data: { delivery_id: string; attempt: number; status_code: number; failed_at: string };
}

export interface DeliveryRetryScheduled {
  type: 'delivery.retry_scheduled';
  data: { delivery_id: string; next_attempt: number; next_attempt_at: string };
}

export interface DeliveryDeadLettered {
  type: 'delivery.dead_lettered';
  data: { delivery_id: string; attempts: number; last_error: string; dead_lettered_at: string };
}

/** Operations replay a dead letter: same delivery id, the full schedule again. */
export interface DeliveryReplayRequested {
  type: 'delivery.replay_requested';
  data: {
    delivery_id: string;
    next_attempt: number;
    requested_by: string;
    requested_at: string;
    /** The bulk replay job (`wrp_…`) it belongs to, when one asked. */
    replay_id?: string;
    actor?: Actor;
  };
}

/**
 * A partner or operations asked for a scheduled retry now: its attempt number is unchanged, its
 * time becomes `requested_at`, and the webhooks service moves the delayed job to now.
 */
export interface DeliveryRetryBroughtForward {
  type: 'delivery.retry_brought_forward';
  data: {
    delivery_id: string;
    attempt: number;
    /** When it was due before. */
    was_due_at: string;
    requested_by: string;
    requested_at: string;
    actor?: Actor;
  };
}

export type DeliveryEvent =
  | DeliveryScheduled
  | DeliveryAttempted
  | DeliverySucceeded
  | DeliveryFailedPermanently
  | DeliveryRetryScheduled
  | DeliveryDeadLettered
  | DeliveryReplayRequested
  | DeliveryRetryBroughtForward;

export type DeliveryEventType = DeliveryEvent['type'];

export const DELIVERY_EVENT_TYPES: readonly DeliveryEventType[] = [
  'delivery.scheduled',
  'delivery.attempted',
  'delivery.succeeded',
  'delivery.failed_permanently',
  'delivery.retry_scheduled',
  'delivery.dead_lettered',
  'delivery.replay_requested',
  'delivery.retry_brought_forward',
];

export const deliveryStreamName = (deliveryId: string): string => `delivery-${deliveryId}`;
