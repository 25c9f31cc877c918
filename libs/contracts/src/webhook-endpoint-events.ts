import type { Actor } from './actor';
import type { KeyMode } from './deployment-events';

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
