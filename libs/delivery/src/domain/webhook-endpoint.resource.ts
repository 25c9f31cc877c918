/**
 * A partner's webhook endpoint as the API shows it (docs/dashboard-contract.md §2):
 * never a secret, only when each one stops signing. `secret` is added by the create and rotate
 * answers alone.
 */
import type { RegisteredEndpoint, WebhookEndpointState } from './webhook-endpoint.decider';

/**
 * What the API shows of the endpoint's settings is what the state holds: `mode` is null only for
 * the admin API's endpoint of a whole workspace; `signature_scheme` is `service`
 * (`Service-Signature`) or `standard` (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`).
 */
export interface WebhookEndpointResource extends Pick<RegisteredEndpoint, 'mode' | 'url' | 'enabled' | 'enabled_events' | 'description' | 'signature_scheme'> {
  object: 'webhook_endpoint';
  id: string;
  secrets: { created_at: string; expires_at: string | null }[];
  created_at: string;
  updated_at: string;
  /** Only on an endpoint made for an A2A push notification config: it takes this deployment's events alone. */
  deployment_id?: string;
  /** Set while the service keeps it disabled because every attempt failed for the period; enabling it again clears it. */
  disabled_reason: { reason: 'failing'; failing_since: string; disabled_at: string } | null;
}

export function toWebhookEndpointResource(state: WebhookEndpointState): WebhookEndpointResource | null {
  if (state.status !== 'registered') return null;
  return {
    object: 'webhook_endpoint',
    id: state.endpoint_id,
    mode: state.mode,
    url: state.url,
    enabled: state.enabled,
    enabled_events: state.enabled_events,
    description: state.description,
    signature_scheme: state.signature_scheme,
    secrets: state.secrets.map(({ created_at, expires_at }) => ({ created_at, expires_at })),
    created_at: state.registered_at,
    updated_at: state.updated_at,
    // Absent on rows folded before the field existed, as on every workspace-wide endpoint.
    ...(state.deployment_id ? { deployment_id: state.deployment_id } : {}),
    disabled_reason:
      state.disabled === null ? null : { reason: state.disabled.reason, failing_since: state.disabled.failing_since, disabled_at: state.disabled.disabled_at },
  };
}
