import type { Actor } from './actor';
import type { KeyMode } from './deployment-events';
import type { SealedSecret } from './webhook-endpoint-events';

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
  data: {
    workspace_id: string;
    mode: KeyMode;
    secret_id: string;
    sealed_secret: SealedSecret;
    previous_secret_expires_at: string;
    rotated_at: string;
    actor: Actor;
  };
}

export type WebhookSigningSecretEvent = WebhookSigningSecretCreated | WebhookSigningSecretRevealed | WebhookSigningSecretRotated;

export const WEBHOOK_SIGNING_SECRET_EVENT_TYPES: readonly WebhookSigningSecretEvent['type'][] = [
  'webhook_signing_secret.created',
  'webhook_signing_secret.revealed',
  'webhook_signing_secret.rotated',
];

export const webhookSigningSecretStreamName = (workspaceId: string, mode: KeyMode): string => `webhook_signing_secret-${workspaceId}-${mode}`;
