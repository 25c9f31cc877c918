import type { Actor } from './actor';
import type { KeyMode } from './deployment-events';

/**
 * Webhook delivery contracts: the events of the `delivery-<del_id>`
 * and `webhook_endpoint-<ws_id>` streams, and which domain events partners receive.
 * Past tense, one union per aggregate; the envelope lives in EventMetadata.
 */

/**
 * Events delivered to partners: every deployment state change, plus
 * `deployment.reply_received` (our resume event, docs/decisions.md) and the ledger's
 * `usage.threshold_reached`, and the handoff status changes. `deployment.created`
 * is not a public event: the create response already carries it.
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

/**
 * A signing secret sealed with AES-256-GCM under key `kid` of SECRETS_KEYRING, its additional
 * data binding it to one workspace and endpoint (docs/decisions.md "Edge hardening");
 * `iv` (96 bits), `tag` (128 bits) and `ct` are base64url. Only the webhooks service opens it.
 */
export interface SealedSecret {
  kid: string;
  iv: string;
  tag: string;
  ct: string;
}

/**
 * How an event carries its secret: sealed, or (events written earlier only, still read,
 * never written) in plaintext.
 */
export type SecretField = { sealed_secret: SealedSecret } | { secret: string };

/** A signing secret is shown once, when issued; only the webhooks service reads it back. */
export interface WebhookEndpointRegistered {
  type: 'webhook_endpoint.registered';
  data: { workspace_id: string; endpoint_id: string; url: string; registered_at: string } & SecretField;
}

/** Replacing the URL keeps the secret: receivers keep verifying without a redeploy. */
export interface WebhookEndpointUrlChanged {
  type: 'webhook_endpoint.url_changed';
  data: { workspace_id: string; endpoint_id: string; url: string; changed_at: string };
}

export interface WebhookSecretRotated {
  type: 'webhook_endpoint.secret_rotated';
  data: {
    workspace_id: string;
    endpoint_id: string;
    /** Until then the previous secret still signs, beside the new one. */
    previous_secret_expires_at: string;
    rotated_at: string;
    actor?: Actor;
  } & SecretField;
}

export interface WebhookEndpointRemoved {
  type: 'webhook_endpoint.removed';
  data: { workspace_id: string; endpoint_id: string; removed_at: string; actor?: Actor };
}

/**
 * A partner's own endpoint, one of several per workspace and mode, on its own stream
 * `webhook_endpoint-<we_id>`. (`registered` stays the admin API's endpoint of the whole workspace.)
 */
export interface WebhookEndpointCreated {
  type: 'webhook_endpoint.created';
  data: {
    workspace_id: string;
    endpoint_id: string;
    mode: KeyMode;
    url: string;
    enabled: boolean;
    /** Public event types, or `["*"]` for all of them (also those added later). */
    enabled_events: string[];
    description: string;
    created_at: string;
    actor: Actor;
    /** How deliveries are signed; absent on endpoints created before the choice existed: `service`. */
    signature_scheme?: SignatureScheme;
    /** Set for an A2A push notification config: the endpoint takes this deployment's events only. */
    deployment_id?: string;
  } & SecretField;
}

/**
 * `service`: the `Service-Signature` header (`t=…,v1=<hex>`); `standard`: Standard Webhooks
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`), as Svix signs.
 */
export const SIGNATURE_SCHEMES = ['service', 'standard'] as const;
export type SignatureScheme = (typeof SIGNATURE_SCHEMES)[number];

/** Only the fields that changed. */
export interface WebhookEndpointUpdated {
  type: 'webhook_endpoint.updated';
  data: {
    workspace_id: string;
    endpoint_id: string;
    changes: { url?: string; enabled?: boolean; enabled_events?: string[]; description?: string; signature_scheme?: SignatureScheme };
    updated_at: string;
    actor: Actor;
  };
}

/**
 * The webhooks service disabled a partner's endpoint: every attempt to it failed for the period
 * (WEBHOOK_ENDPOINT_DISABLE_AFTER_SECONDS). Enabling it again is an ordinary update.
 */
export interface WebhookEndpointDisabled {
  type: 'webhook_endpoint.disabled';
  data: {
    workspace_id: string;
    endpoint_id: string;
    reason: 'failing';
    failing_since: string;
    last_failure_at: string;
    disabled_at: string;
  };
}

/** The workspace's owners were told by e-mail that the endpoint was disabled (so a restart does not tell them twice). */
export interface WebhookEndpointOwnersNotified {
  type: 'webhook_endpoint.owners_notified';
  data: { workspace_id: string; endpoint_id: string; disabled_at: string; recipients: number; notified_at: string };
}

export type WebhookEndpointEvent =
  | WebhookEndpointDisabled
  | WebhookEndpointOwnersNotified
  | WebhookEndpointRegistered
  | WebhookEndpointUrlChanged
  | WebhookSecretRotated
  | WebhookEndpointRemoved
  | WebhookEndpointCreated
  | WebhookEndpointUpdated;

export const WEBHOOK_ENDPOINT_EVENT_TYPES: readonly WebhookEndpointEvent['type'][] = [
  'webhook_endpoint.registered',
  'webhook_endpoint.url_changed',
  'webhook_endpoint.secret_rotated',
  'webhook_endpoint.removed',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.disabled',
  'webhook_endpoint.owners_notified',
];

/**
 * Data fields that never leave PostgreSQL: the relay drops them from what it publishes to
 * JetStream. No reactor needs a signing secret, sealed or not.
 */
export const FIELDS_KEPT_OFF_THE_BUS: Readonly<Record<string, readonly string[]>> = {
  'webhook_endpoint.registered': ['sealed_secret', 'secret'],
  'webhook_endpoint.secret_rotated': ['sealed_secret', 'secret'],
  'webhook_endpoint.created': ['sealed_secret', 'secret'],
  'webhook_signing_secret.created': ['sealed_secret'],
  'webhook_signing_secret.rotated': ['sealed_secret'],
};

/**
 * One endpoint per workspace, so the stream is keyed by the workspace. Now
 * that is the admin API's endpoint of the whole workspace; a partner's endpoints are keyed
 * by their own id (`we_…`), through the same function.
 */
export const webhookEndpointStreamName = (workspaceOrEndpointId: string): string => `webhook_endpoint-${workspaceOrEndpointId}`;

/**
 * The secret that signs deliveries to a deployment's `webhook_url`, one per workspace and
 * mode, on `webhook_signing_secret-<ws_id>-<mode>`. Each secret has an id (`whs_…`) its sealing binds to.
 */
export interface WebhookSigningSecretCreated {
  type: 'webhook_signing_secret.created';
  data: { workspace_id: string; mode: KeyMode; secret_id: string; sealed_secret: SealedSecret; created_at: string };
}

/** The current secret was shown (once); a second reveal is refused until a rotation. */
export interface WebhookSigningSecretRevealed {
  type: 'webhook_signing_secret.revealed';
  data: { workspace_id: string; mode: KeyMode; secret_id: string; revealed_at: string; actor: Actor };
}

export interface WebhookSigningSecretRotated {
  type: 'webhook_signing_secret.rotated';
  data: { workspace_id: string; mode: KeyMode; secret_id: string; sealed_secret: SealedSecret; previous_secret_expires_at: string; rotated_at: string; actor: Actor };
}

export type WebhookSigningSecretEvent = WebhookSigningSecretCreated | WebhookSigningSecretRevealed | WebhookSigningSecretRotated;

export const WEBHOOK_SIGNING_SECRET_EVENT_TYPES: readonly WebhookSigningSecretEvent['type'][] = [
  'webhook_signing_secret.created',
  'webhook_signing_secret.revealed',
  'webhook_signing_secret.rotated',
];

export const webhookSigningSecretStreamName = (workspaceId: string, mode: KeyMode): string => `webhook_signing_secret-${workspaceId}-${mode}`;

/** A partner's bulk replay, `webhook_replay-<wrp_id>`: the dead letters it matched, its progress, its end. */
export interface WebhookReplayFilter {
  event_type?: string;
  deployment_id?: string;
  endpoint_id?: string;
  created_after?: string;
  created_before?: string;
}

export interface WebhookReplayRequested {
  type: 'webhook_replay.requested';
  data: { replay_id: string; workspace_id: string; mode: KeyMode; filter: WebhookReplayFilter; delivery_ids: string[]; requested_at: string; actor: Actor };
}

export interface WebhookReplayProgressed {
  type: 'webhook_replay.progressed';
  data: { replay_id: string; replayed: number; skipped: number; at: string };
}

export interface WebhookReplayCompleted {
  type: 'webhook_replay.completed';
  data: { replay_id: string; replayed: number; skipped: number; completed_at: string };
}

export type WebhookReplayEvent = WebhookReplayRequested | WebhookReplayProgressed | WebhookReplayCompleted;

export const WEBHOOK_REPLAY_EVENT_TYPES: readonly WebhookReplayEvent['type'][] = ['webhook_replay.requested', 'webhook_replay.progressed', 'webhook_replay.completed'];

export const webhookReplayStreamName = (replayId: string): string => `webhook_replay-${replayId}`;
