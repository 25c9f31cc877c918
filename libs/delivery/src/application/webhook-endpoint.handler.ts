import { randomBytes } from 'node:crypto';
import { DomainError, newId, webhookEndpointStreamName, type SealedSecret } from '@eh/contracts';
import { handleCommand, type EventStore } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { findWorkspace } from '@eh/workspaces';
import { webhookSecretAad } from '../domain/stored-secret';
import { noWebhookEndpoint, type WebhookEndpointCommand, type WebhookEndpointState } from '../domain/webhook-endpoint.decider';
import { checkDestination, resolveAll, type Resolve } from './check-destination';
import { webhookEndpointDecider } from '../domain/webhook-endpoint.decider';
import { loadWebhookEndpoint } from './delivery-streams';

/** What operations see of an endpoint: never a secret, only when each one stops signing. */
export interface WebhookEndpointView {
  object: 'webhook_endpoint';
  id: string;
  workspace_id: string;
  url: string;
  secrets: { created_at: string; expires_at: string | null }[];
  registered_at: string;
  updated_at: string;
}

export interface EndpointWithSecret {
  endpoint: WebhookEndpointView;
  /** Shown once: on the first registration and on rotation; null when a URL was replaced. */
  secret: string | null;
  created: boolean;
}

/** Port: seals a secret under the active key (SecretCipher in production). */
export interface SecretSealer {
  seal(plaintext: string, aad: string): SealedSecret;
}

export interface EndpointContext {
  sql: SqlClient;
  store: EventStore;
  /** Secrets are sealed before they enter an event: the plaintext is only ever in the answer. */
  cipher: SecretSealer;
  allowPrivateUrls: boolean;
  now: Date;
  correlationId: string;
  resolve?: Resolve;
}

/** `whsec_` and 32 random bytes, as the signing key of HMAC-SHA256 (256 bits, its block-size class). */
export const generateWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

export function toEndpointView(state: WebhookEndpointState): WebhookEndpointView | null {
  if (state.status !== 'registered') return null;
  const secrets = state.secrets.map(({ created_at, expires_at }) => ({ created_at, expires_at }));
  return {
    object: 'webhook_endpoint',
    id: state.endpoint_id,
    workspace_id: state.workspace_id,
    url: state.url,
    secrets,
    registered_at: state.registered_at,
    updated_at: state.updated_at,
  };
}

async function run(
  context: EndpointContext,
  workspaceId: string,
  command: WebhookEndpointCommand | ((state: WebhookEndpointState) => WebhookEndpointCommand),
): Promise<WebhookEndpointView> {
  if (!(await findWorkspace(context.sql, workspaceId))) throw new DomainError('not_found', `no workspace ${workspaceId}`, 'workspace_id');
  const now = context.now.toISOString();
  const result = await handleCommand(context.store, webhookEndpointDecider, webhookEndpointStreamName(workspaceId), command, {
    workspaceId,
    correlationId: context.correlationId,
    causationId: null,
    now,
  });
  const view = toEndpointView(result.state);
  if (!view) throw new DomainError('not_found', `workspace ${workspaceId} has no webhook endpoint`, 'workspace_id');
  return view;
}

/** Registers the workspace endpoint, or replaces its URL (keeping the secret). */
export async function registerWebhookEndpoint(context: EndpointContext, workspaceId: string, url: string): Promise<EndpointWithSecret> {
  await checkDestination(url, 'url', context.allowPrivateUrls, context.resolve ?? resolveAll);
  const secret = generateWebhookSecret();
  const endpointId = newId('webhookEndpoint');
  const now = context.now.toISOString();
  const sealed = context.cipher.seal(secret, webhookSecretAad(workspaceId, endpointId));
  const endpoint = await run(context, workspaceId, { type: 'register', workspace_id: workspaceId, endpoint_id: endpointId, url, secret: sealed, now });
  const created = endpoint.id === endpointId;
  return { endpoint, secret: created ? secret : null, created };
}

export async function rotateWebhookSecret(context: EndpointContext, workspaceId: string, overlapSeconds: number): Promise<EndpointWithSecret> {
  const secret = generateWebhookSecret();
  // Sealed for the endpoint the stream holds, known only once it is folded.
  const endpoint = await run(context, workspaceId, (state) => {
    if (state.status !== 'registered') throw noWebhookEndpoint();
    const sealed = context.cipher.seal(secret, webhookSecretAad(state.workspace_id, state.endpoint_id));
    return { type: 'rotate_secret', secret: sealed, overlap_seconds: overlapSeconds, now: context.now.toISOString() };
  });
  return { endpoint, secret, created: false };
}

export async function removeWebhookEndpoint(context: EndpointContext, workspaceId: string): Promise<void> {
  if (!(await findWorkspace(context.sql, workspaceId))) throw new DomainError('not_found', `no workspace ${workspaceId}`, 'workspace_id');
  const now = context.now.toISOString();
  await handleCommand(
    context.store,
    webhookEndpointDecider,
    webhookEndpointStreamName(workspaceId),
    { type: 'remove', now },
    { workspaceId, correlationId: context.correlationId, causationId: null, now },
  );
}

export async function showWebhookEndpoint(store: EventStore, workspaceId: string): Promise<WebhookEndpointView> {
  const view = toEndpointView(await loadWebhookEndpoint(store, workspaceId));
  if (!view) throw new DomainError('not_found', `workspace ${workspaceId} has no webhook endpoint`, 'workspace_id');
  return view;
}
