/**
 * A webhook endpoint. Two kinds share this decider:
 * - the admin API's endpoint of a whole workspace (registered once per
 *   workspace), on `webhook_endpoint-<ws_id>`, `mode: null`: it receives the events of both modes
 *   for deployments without `webhook_url`, as it did earlier;
 * - a partner's own endpoints, several per workspace and mode, each on `webhook_endpoint-<we_id>`,
 *   with the event types it wants and an on/off switch.
 * Each signs with its own secrets; rotation keeps the previous secret signing for an overlap, so
 * receivers can switch without missing a delivery.
 */
import { DomainError, type Actor, type Decider, type KeyMode, type SealedSecret, type SignatureScheme, type WebhookEndpointEvent } from '@eh/contracts';
import { unhandled } from '@eh/contracts';
import { parseEnabledEvents, ALL_EVENTS } from './enabled-events';
import { storedSecretOf, type StoredSecret } from './stored-secret';

export interface SigningSecret {
  /** Sealed; only the webhooks service opens it, to sign. */
  secret: StoredSecret;
  created_at: string;
  /** null: the current secret. Otherwise it stops signing at this time. */
  expires_at: string | null;
}

export interface RegisteredEndpoint {
  status: 'registered';
  workspace_id: string;
  endpoint_id: string;
  /** null: the admin API's endpoint of the whole workspace (both modes). */
  mode: KeyMode | null;
  url: string;
  enabled: boolean;
  enabled_events: string[];
  description: string;
  /** How its deliveries are signed (`service` for the admin API's endpoint). */
  signature_scheme: SignatureScheme;
  secrets: SigningSecret[];
  /** Set: this deployment's events only (an A2A push notification config); null: every event of the mode. */
  deployment_id: string | null;
  registered_at: string;
  updated_at: string;
  /** When it was created or last enabled again: failures before it do not count (endpoint-health.ts). */
  enabled_at: string;
  /** Why the service disabled it (`failing`), and when; null while enabled or when a person disabled it. */
  disabled: { reason: 'failing'; failing_since: string; disabled_at: string; owners_notified: boolean } | null;
}

export type WebhookEndpointState =
  | { status: 'none' }
  | RegisteredEndpoint
  | { status: 'removed'; workspace_id: string; endpoint_id: string; mode: KeyMode | null; removed_at: string };

export interface EndpointChanges {
  url?: string;
  enabled?: boolean;
  enabled_events?: string[];
  description?: string;
  signature_scheme?: SignatureScheme;
}

export type WebhookEndpointCommand =
  | { type: 'register'; workspace_id: string; endpoint_id: string; url: string; secret: SealedSecret; now: string }
  | {
      type: 'create';
      workspace_id: string;
      endpoint_id: string;
      mode: KeyMode;
      url: string;
      enabled: boolean;
      enabled_events: readonly string[];
      description: string;
      signature_scheme?: SignatureScheme;
      deployment_id?: string;
      secret: SealedSecret;
      actor: Actor;
      now: string;
    }
  | { type: 'update'; changes: EndpointChanges; actor: Actor; now: string }
  | { type: 'rotate_secret'; secret: SealedSecret; overlap_seconds: number; now: string; actor?: Actor }
  | { type: 'remove'; now: string; actor?: Actor }
  | { type: 'disable_for_failures'; failing_since: string; last_failure_at: string; now: string }
  | { type: 'record_owners_notified'; recipients: number; now: string };

/** Secrets past their overlap are dropped from the state once more than this many pile up. */
const KEPT_SECRETS = 5;

export const initialWebhookEndpointState: WebhookEndpointState = Object.freeze({ status: 'none' });

function rotated(state: RegisteredEndpoint, secret: StoredSecret, previousExpiresAt: string, at: string): RegisteredEndpoint {
  const previous = state.secrets.map((s) => (s.expires_at === null ? { ...s, expires_at: previousExpiresAt } : s));
  return { ...state, secrets: [{ secret, created_at: at, expires_at: null }, ...previous].slice(0, KEPT_SECRETS), updated_at: at };
}

export function evolveWebhookEndpoint(state: WebhookEndpointState, event: WebhookEndpointEvent): WebhookEndpointState {
  switch (event.type) {
    case 'webhook_endpoint.registered': {
      const { workspace_id, endpoint_id, url, registered_at } = event.data;
      if (state.status === 'registered') return state;
      const secret = storedSecretOf(event.data);
      return {
        status: 'registered',
        workspace_id,
        endpoint_id,
        mode: null,
        url,
        enabled: true,
        enabled_events: [ALL_EVENTS],
        description: '',
        signature_scheme: 'service',
        secrets: [{ secret, created_at: registered_at, expires_at: null }],
        deployment_id: null,
        registered_at,
        updated_at: registered_at,
        enabled_at: registered_at,
        disabled: null,
      };
    }
    case 'webhook_endpoint.created': {
      if (state.status === 'registered') return state;
      const { workspace_id, endpoint_id, mode, url, enabled, enabled_events, description, created_at } = event.data;
      const secret = storedSecretOf(event.data);
      const signature_scheme = event.data.signature_scheme ?? 'service';
      const deployment_id = event.data.deployment_id ?? null;
      return {
        status: 'registered',
        workspace_id,
        endpoint_id,
        mode,
        url,
        enabled,
        enabled_events,
        description,
        signature_scheme,
        secrets: [{ secret, created_at, expires_at: null }],
        deployment_id,
        registered_at: created_at,
        updated_at: created_at,
        enabled_at: created_at,
        disabled: null,
      };
    }
    case 'webhook_endpoint.url_changed':
      return state.status === 'registered' ? { ...state, url: event.data.url, updated_at: event.data.changed_at } : state;
    case 'webhook_endpoint.updated': {
      if (state.status !== 'registered') return state;
      const at = event.data.updated_at;
      const enabling = event.data.changes.enabled === true && !state.enabled;
      // Enabled again: a new period starts and the disabled state is gone; turned off by a person: not the service's doing.
      const health = event.data.changes.enabled === undefined ? {} : { enabled_at: enabling ? at : state.enabled_at, disabled: null };
      return { ...state, ...event.data.changes, ...health, updated_at: at };
    }
    case 'webhook_endpoint.disabled': {
      if (state.status !== 'registered' || !state.enabled) return state;
      const { failing_since, disabled_at } = event.data;
      return { ...state, enabled: false, disabled: { reason: 'failing', failing_since, disabled_at, owners_notified: false }, updated_at: disabled_at };
    }
    case 'webhook_endpoint.owners_notified':
      if (state.status !== 'registered' || state.disabled === null || state.disabled.disabled_at !== event.data.disabled_at) return state;
      return { ...state, disabled: { ...state.disabled, owners_notified: true } };
    case 'webhook_endpoint.secret_rotated':
      if (state.status !== 'registered') return state;
      return rotated(state, storedSecretOf(event.data), event.data.previous_secret_expires_at, event.data.rotated_at);
    case 'webhook_endpoint.removed':
      if (state.status !== 'registered') return state;
      return { status: 'removed', workspace_id: state.workspace_id, endpoint_id: state.endpoint_id, mode: state.mode, removed_at: event.data.removed_at };
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

export const noWebhookEndpoint = (): DomainError => new DomainError('not_found', 'the workspace has no webhook endpoint; register one first');
const noSuchEndpoint = (): DomainError => new DomainError('not_found', 'no webhook endpoint with this id', 'id');

/** Only the fields whose value differs from the state's; validated on the way. */
function effectiveChanges(state: RegisteredEndpoint, changes: EndpointChanges): EndpointChanges {
  const effective: EndpointChanges = {};
  if (changes.url !== undefined && changes.url !== state.url) effective.url = changes.url;
  if (changes.enabled !== undefined && changes.enabled !== state.enabled) effective.enabled = changes.enabled;
  if (changes.description !== undefined && changes.description !== state.description) effective.description = changes.description;
  if (changes.signature_scheme !== undefined && changes.signature_scheme !== state.signature_scheme) effective.signature_scheme = changes.signature_scheme;
  if (changes.enabled_events !== undefined) {
    const events = parseEnabledEvents(changes.enabled_events);
    if (events.length !== state.enabled_events.length || events.some((type, i) => type !== state.enabled_events[i])) effective.enabled_events = events;
  }
  return effective;
}

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
    case 'create': {
      if (state.status !== 'none') throw new DomainError('invalid_state_transition', `webhook endpoint ${command.endpoint_id} already exists`, 'id');
      const { workspace_id, endpoint_id, mode, url, enabled, description, secret, actor, now } = command;
      const enabled_events = parseEnabledEvents(command.enabled_events);
      const scheme = command.signature_scheme === undefined || command.signature_scheme === 'service' ? {} : { signature_scheme: command.signature_scheme };
      const onlyDeployment = command.deployment_id === undefined ? {} : { deployment_id: command.deployment_id };
      return [
        {
          type: 'webhook_endpoint.created',
          data: {
            workspace_id,
            endpoint_id,
            mode,
            url,
            enabled,
            enabled_events,
            description,
            sealed_secret: secret,
            created_at: now,
            actor,
            ...scheme,
            ...onlyDeployment,
          },
        },
      ];
    }
    case 'update': {
      if (state.status !== 'registered') throw noSuchEndpoint();
      const changes = effectiveChanges(state, command.changes);
      if (Object.keys(changes).length === 0) return [];
      return [
        {
          type: 'webhook_endpoint.updated',
          data: { workspace_id: state.workspace_id, endpoint_id: state.endpoint_id, changes, updated_at: command.now, actor: command.actor },
        },
      ];
    }
    case 'rotate_secret': {
      if (state.status !== 'registered') throw noWebhookEndpoint();
      if (!Number.isInteger(command.overlap_seconds) || command.overlap_seconds < 0) {
        throw new DomainError('invalid_request', 'overlap_seconds must be a non-negative integer', 'overlap_seconds');
      }
      const expiresAt = new Date(Date.parse(command.now) + command.overlap_seconds * 1000).toISOString();
      const data = {
        workspace_id: state.workspace_id,
        endpoint_id: state.endpoint_id,
        sealed_secret: command.secret,
        previous_secret_expires_at: expiresAt,
        rotated_at: command.now,
      };
      return [{ type: 'webhook_endpoint.secret_rotated', data: command.actor ? { ...data, actor: command.actor } : data }];
    }
    case 'remove': {
      if (state.status !== 'registered') throw noWebhookEndpoint();
      const data = { workspace_id: state.workspace_id, endpoint_id: state.endpoint_id, removed_at: command.now };
      return [{ type: 'webhook_endpoint.removed', data: command.actor ? { ...data, actor: command.actor } : data }];
    }
    case 'disable_for_failures': {
      // Idempotent: an endpoint already off (by the service or a person), or gone, stays as it is.
      if (state.status !== 'registered' || !state.enabled) return [];
      const { failing_since, last_failure_at, now } = command;
      return [
        {
          type: 'webhook_endpoint.disabled',
          data: { workspace_id: state.workspace_id, endpoint_id: state.endpoint_id, reason: 'failing', failing_since, last_failure_at, disabled_at: now },
        },
      ];
    }
    case 'record_owners_notified': {
      if (state.status !== 'registered' || state.disabled === null || state.disabled.owners_notified) return [];
      const data = {
        workspace_id: state.workspace_id,
        endpoint_id: state.endpoint_id,
        disabled_at: state.disabled.disabled_at,
        recipients: command.recipients,
        notified_at: command.now,
      };
      return [{ type: 'webhook_endpoint.owners_notified', data }];
    }
    default:
      return unhandled('endpoint command', command);
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

export const webhookEndpointDecider: Decider<WebhookEndpointCommand, WebhookEndpointEvent, WebhookEndpointState> = {
  initialState: initialWebhookEndpointState,
  evolve: evolveWebhookEndpoint,
  decide: decideWebhookEndpoint,
};
