/**
 * A workspace's webhook endpoint (SPEC.md "Events": one HTTPS endpoint per workspace), on the
 * `webhook_endpoint-<ws_id>` stream. Its secrets sign every delivery of the workspace, including
 * those to a deployment's `webhook_url`. Rotation keeps the previous secret signing for an
 * overlap, so receivers can switch without missing a delivery.
 */
import { DomainError, type SealedSecret, type WebhookEndpointEvent } from '@eh/contracts';
import { storedSecretOf, type StoredSecret } from './stored-secret';

export interface SigningSecret {
  /** Sealed; only the webhooks service opens it, to sign (issue 11). */
  secret: StoredSecret;
  created_at: string;
  /** null: the current secret. Otherwise it stops signing at this time. */
  expires_at: string | null;
}

export type WebhookEndpointState =
  | { status: 'none' }
  | { status: 'registered'; workspace_id: string; endpoint_id: string; url: string; secrets: SigningSecret[]; registered_at: string; updated_at: string }
  | { status: 'removed'; workspace_id: string; endpoint_id: string; removed_at: string };

export type WebhookEndpointCommand =
  | { type: 'register'; workspace_id: string; endpoint_id: string; url: string; secret: SealedSecret; now: string }
  | { type: 'rotate_secret'; secret: SealedSecret; overlap_seconds: number; now: string }
  | { type: 'remove'; now: string };

/** Secrets past their overlap are dropped from the state once more than this many pile up. */
const KEPT_SECRETS = 5;

export const initialWebhookEndpointState: WebhookEndpointState = Object.freeze({ status: 'none' });

export function evolveWebhookEndpoint(state: WebhookEndpointState, event: WebhookEndpointEvent): WebhookEndpointState {
  switch (event.type) {
    case 'webhook_endpoint.registered': {
      const { workspace_id, endpoint_id, url, registered_at } = event.data;
      if (state.status === 'registered') return state;
      const secret = storedSecretOf(event.data);
      return { status: 'registered', workspace_id, endpoint_id, url, secrets: [{ secret, created_at: registered_at, expires_at: null }], registered_at, updated_at: registered_at };
    }
    case 'webhook_endpoint.url_changed':
      return state.status === 'registered' ? { ...state, url: event.data.url, updated_at: event.data.changed_at } : state;
    case 'webhook_endpoint.secret_rotated': {
      if (state.status !== 'registered') return state;
      const { previous_secret_expires_at, rotated_at } = event.data;
      const secret = storedSecretOf(event.data);
      const previous = state.secrets.map((s) => (s.expires_at === null ? { ...s, expires_at: previous_secret_expires_at } : s));
      const secrets = [{ secret, created_at: rotated_at, expires_at: null }, ...previous].slice(0, KEPT_SECRETS);
      return { ...state, secrets, updated_at: rotated_at };
    }
    case 'webhook_endpoint.removed':
      if (state.status !== 'registered') return state;
      return { status: 'removed', workspace_id: state.workspace_id, endpoint_id: state.endpoint_id, removed_at: event.data.removed_at };
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

export const noWebhookEndpoint = (): DomainError => new DomainError('not_found', 'the workspace has no webhook endpoint; register one first');

export function decideWebhookEndpoint(command: WebhookEndpointCommand, state: WebhookEndpointState): WebhookEndpointEvent[] {
  switch (command.type) {
    case 'register': {
      const { workspace_id, endpoint_id, url, secret, now } = command;
      if (state.status !== 'registered') {
        return [{ type: 'webhook_endpoint.registered', data: { workspace_id, endpoint_id, url, sealed_secret: secret, registered_at: now } }];
      }
      // Replacing the URL keeps the endpoint and its secrets; the same URL again changes nothing.
      if (state.url === url) return [];
      return [{ type: 'webhook_endpoint.url_changed', data: { workspace_id: state.workspace_id, endpoint_id: state.endpoint_id, url, changed_at: now } }];
    }
    case 'rotate_secret': {
      if (state.status !== 'registered') throw noWebhookEndpoint();
      if (!Number.isInteger(command.overlap_seconds) || command.overlap_seconds < 0) {
        throw new DomainError('invalid_request', 'overlap_seconds must be a non-negative integer', 'overlap_seconds');
      }
      const expiresAt = new Date(Date.parse(command.now) + command.overlap_seconds * 1000).toISOString();
      return [
        {
          type: 'webhook_endpoint.secret_rotated',
          data: { workspace_id: state.workspace_id, endpoint_id: state.endpoint_id, sealed_secret: command.secret, previous_secret_expires_at: expiresAt, rotated_at: command.now },
        },
      ];
    }
    case 'remove':
      if (state.status !== 'registered') throw noWebhookEndpoint();
      return [{ type: 'webhook_endpoint.removed', data: { workspace_id: state.workspace_id, endpoint_id: state.endpoint_id, removed_at: command.now } }];
    default: {
      const unhandled: never = command;
      throw new Error(`unhandled endpoint command ${JSON.stringify(unhandled)}`);
    }
  }
}

/** The secrets that sign at `now`, newest first, as stored (still sealed); none once the endpoint is removed. */
export function activeSecrets(state: WebhookEndpointState, now: string): StoredSecret[] {
  if (state.status !== 'registered') return [];
  const at = Date.parse(now);
  return state.secrets.filter((s) => s.expires_at === null || Date.parse(s.expires_at) > at).map((s) => s.secret);
}

export const foldWebhookEndpoint = (events: readonly WebhookEndpointEvent[]): WebhookEndpointState =>
  events.reduce(evolveWebhookEndpoint, initialWebhookEndpointState);
