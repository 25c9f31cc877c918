import { DomainError, deliveryStreamName, isId, newId, webhookEndpointStreamName, type Actor, type KeyMode, type SignatureScheme } from '@eh/contracts';
import { handleCommand, type EventStore } from '@eh/event-store';
import { countWebhookEndpoints, deploymentWebhookEndpoints } from '../adapters/webhook-endpoints-view.query';
import { toDeliveryResource, type DeliveryResource } from '../domain/delivery.resource';
import { webhookSecretAad } from '../domain/stored-secret';
import { secretShownAs } from '../domain/standard-webhooks';
import type { EndpointChanges, RegisteredEndpoint, WebhookEndpointCommand, WebhookEndpointState } from '../domain/webhook-endpoint.decider';
import { toWebhookEndpointResource, type WebhookEndpointResource } from '../domain/webhook-endpoint.resource';
import { checkDestination, resolveAll } from './check-destination';
import { deliveryDecider } from '../domain/delivery.decider';
import { webhookEndpointDecider } from '../domain/webhook-endpoint.decider';
import { loadWebhookEndpoint } from './delivery-streams';
import { generateWebhookSecret, type EndpointContext } from './webhook-endpoint.handler';

/** docs/dashboard-contract.md §2: at most this many endpoints per workspace and mode. */
export const MAX_ENDPOINTS_PER_MODE = 16;
/** A deployment's own endpoints (A2A push notification configs), beside the workspace's 16. */
export const MAX_ENDPOINTS_PER_DEPLOYMENT = 4;

/** Whose endpoints: the key's (or the member's chosen) workspace and mode. */
export interface PartnerScope {
  workspaceId: string;
  mode: KeyMode;
}

export interface PartnerEndpointContext extends EndpointContext {
  actor: Actor;
}

/** The create and rotate answers: the endpoint and its new secret, shown this once. */
export type EndpointWithNewSecret = WebhookEndpointResource & { secret: string };

export interface NewEndpointInput {
  url: string;
  enabled_events?: string[];
  description?: string;
  enabled?: boolean;
  signature_scheme?: SignatureScheme;
  /** Only this deployment's events (an A2A push notification config); the caller checked it is the scope's. */
  deployment_id?: string;
}

const notFound = (id: string): DomainError => new DomainError('not_found', `no webhook endpoint ${id}`, 'id');

/** A partner's endpoint of this scope, or 404: unknown, removed, another workspace's or mode's, and the admin API's are all the same answer. */
async function scopedEndpoint(store: EventStore, scope: PartnerScope, id: string): Promise<RegisteredEndpoint> {
  if (!isId('webhookEndpoint', id)) throw notFound(id);
  const state = await loadWebhookEndpoint(store, id);
  if (state.status !== 'registered' || state.workspace_id !== scope.workspaceId || state.mode !== scope.mode) throw notFound(id);
  return state;
}

async function run(
  context: PartnerEndpointContext,
  scope: PartnerScope,
  endpointId: string,
  command: (state: WebhookEndpointState) => WebhookEndpointCommand,
): Promise<WebhookEndpointResource> {
  const now = context.now.toISOString();
  const result = await handleCommand(context.store, webhookEndpointDecider, webhookEndpointStreamName(endpointId), command, {
    workspaceId: scope.workspaceId,
    correlationId: context.correlationId,
    causationId: null,
    now,
  });
  const resource = toWebhookEndpointResource(result.state);
  if (!resource) throw notFound(endpointId);
  return resource;
}

export async function createPartnerEndpoint(context: PartnerEndpointContext, scope: PartnerScope, input: NewEndpointInput): Promise<EndpointWithNewSecret> {
  await checkDestination(input.url, 'url', context.allowPrivateUrls, context.resolve ?? resolveAll);
  // Counted on the read model before appending: two creates racing at the limit may both pass, which costs nothing.
  if (input.deployment_id !== undefined) {
    if ((await deploymentWebhookEndpoints(context.sql, scope, input.deployment_id)).length >= MAX_ENDPOINTS_PER_DEPLOYMENT) {
      throw new DomainError('endpoint_limit_reached', `a deployment holds at most ${MAX_ENDPOINTS_PER_DEPLOYMENT} push notification configs; delete one first`);
    }
  } else if ((await countWebhookEndpoints(context.sql, scope.workspaceId, scope.mode)) >= MAX_ENDPOINTS_PER_MODE) {
    throw new DomainError('endpoint_limit_reached', `a workspace holds at most ${MAX_ENDPOINTS_PER_MODE} webhook endpoints per mode; delete one first`);
  }
  const endpointId = newId('webhookEndpoint');
  const secret = generateWebhookSecret();
  const sealed = context.cipher.seal(secret, webhookSecretAad(scope.workspaceId, endpointId));
  const resource = await run(context, scope, endpointId, () => ({
    type: 'create',
    workspace_id: scope.workspaceId,
    endpoint_id: endpointId,
    mode: scope.mode,
    url: input.url,
    enabled: input.enabled ?? true,
    enabled_events: input.enabled_events ?? ['*'],
    description: input.description ?? '',
    signature_scheme: input.signature_scheme ?? 'service',
    ...(input.deployment_id !== undefined ? { deployment_id: input.deployment_id } : {}),
    secret: sealed,
    actor: context.actor,
    now: context.now.toISOString(),
  }));
  return { ...resource, secret: secretShownAs(secret, resource.signature_scheme) };
}

export async function showPartnerEndpoint(store: EventStore, scope: PartnerScope, id: string): Promise<WebhookEndpointResource> {
  const resource = toWebhookEndpointResource(await scopedEndpoint(store, scope, id));
  if (!resource) throw notFound(id);
  return resource;
}

export async function updatePartnerEndpoint(
  context: PartnerEndpointContext,
  scope: PartnerScope,
  id: string,
  changes: EndpointChanges,
): Promise<WebhookEndpointResource> {
  await scopedEndpoint(context.store, scope, id);
  if (changes.url !== undefined) await checkDestination(changes.url, 'url', context.allowPrivateUrls, context.resolve ?? resolveAll);
  return run(context, scope, id, () => ({ type: 'update', changes, actor: context.actor, now: context.now.toISOString() }));
}

export async function deletePartnerEndpoint(
  context: PartnerEndpointContext,
  scope: PartnerScope,
  id: string,
): Promise<{ object: 'webhook_endpoint'; id: string; deleted: true }> {
  await scopedEndpoint(context.store, scope, id);
  const now = context.now.toISOString();
  await handleCommand(
    context.store,
    webhookEndpointDecider,
    webhookEndpointStreamName(id),
    { type: 'remove', now, actor: context.actor },
    { workspaceId: scope.workspaceId, correlationId: context.correlationId, causationId: null, now },
  );
  return { object: 'webhook_endpoint', id, deleted: true };
}

export async function rotatePartnerEndpointSecret(
  context: PartnerEndpointContext,
  scope: PartnerScope,
  id: string,
  overlapSeconds: number,
): Promise<EndpointWithNewSecret> {
  await scopedEndpoint(context.store, scope, id);
  const secret = generateWebhookSecret();
  const sealed = context.cipher.seal(secret, webhookSecretAad(scope.workspaceId, id));
  const resource = await run(context, scope, id, () => ({
    type: 'rotate_secret',
    secret: sealed,
    overlap_seconds: overlapSeconds,
    actor: context.actor,
    now: context.now.toISOString(),
  }));
  return { ...resource, secret: secretShownAs(secret, resource.signature_scheme) };
}

/**
 * `webhook.test`: a delivery of its own through the normal path (scheduled here, attempted,
 * signed and retried by the webhooks service, listed with the others); sent even to a disabled endpoint.
 */
export async function sendTestEvent(context: PartnerEndpointContext, scope: PartnerScope, id: string): Promise<DeliveryResource> {
  const endpoint = await scopedEndpoint(context.store, scope, id);
  const now = context.now.toISOString();
  const eventId = newId('event');
  const deliveryId = newId('delivery');
  const body = JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'webhook.test',
    created_at: now,
    sequence: 0,
    data: { object: { object: 'webhook_endpoint', id: endpoint.endpoint_id, url: endpoint.url } },
    metadata: {},
  });
  const result = await handleCommand(
    context.store,
    deliveryDecider,
    deliveryStreamName(deliveryId),
    {
      type: 'schedule',
      data: {
        delivery_id: deliveryId,
        workspace_id: scope.workspaceId,
        endpoint_id: endpoint.endpoint_id,
        url: endpoint.url,
        event_id: eventId,
        event_type: 'webhook.test',
        mode: scope.mode,
        deployment_id: null,
        body,
        scheduled_at: now,
      },
    },
    { workspaceId: scope.workspaceId, correlationId: context.correlationId, causationId: null, now },
  );
  return toDeliveryResource(result.state);
}
