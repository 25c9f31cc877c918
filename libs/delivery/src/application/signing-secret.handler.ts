import { newId, webhookSigningSecretStreamName, type Actor, type KeyMode } from '@eh/contracts';
import { handleCommand, type EventStore } from '@eh/event-store';
import type { SigningSecretCommand, SigningSecretState } from '../domain/signing-secret.decider';
import { webhookSecretAad } from '../domain/stored-secret';
import type { SecretOpener } from './attempt-delivery.handler';
import { signingSecretDecider } from '../domain/signing-secret.decider';
import { generateWebhookSecret, type SecretSealer } from './webhook-endpoint.handler';

/** docs/dashboard-contract.md §3: never the secret, except in the reveal and rotate answers. */
export interface SigningSecretResource {
  object: 'webhook_signing_secret';
  mode: KeyMode;
  secrets: { created_at: string; expires_at: string | null; revealed: boolean }[];
  secret: string | null;
}

export interface SigningSecretContext {
  store: EventStore;
  cipher: SecretSealer;
  now: Date;
  correlationId: string;
}

const toResource = (state: SigningSecretState, mode: KeyMode, secret: string | null = null): SigningSecretResource => ({
  object: 'webhook_signing_secret',
  mode,
  secrets:
    state.status === 'active' ? state.secrets.map((s) => ({ created_at: s.created_at, expires_at: s.expires_at, revealed: s.revealed_at !== null })) : [],
  secret,
});

async function run(
  context: SigningSecretContext,
  workspaceId: string,
  mode: KeyMode,
  command: (state: SigningSecretState) => SigningSecretCommand | null,
): Promise<SigningSecretState> {
  const now = context.now.toISOString();
  const result = await handleCommand(context.store, signingSecretDecider, webhookSigningSecretStreamName(workspaceId, mode), command, {
    workspaceId,
    correlationId: context.correlationId,
    causationId: null,
    now,
  });
  return result.state;
}

/**
 * Every workspace has a signing secret per mode "from the start": whoever needs it first
 * (the fan-out scheduling a `webhook_url` delivery, or the partner asking) creates it, sealed; the
 * append expects no stream, so concurrent first needs agree on one.
 */
export function ensureSigningSecret(context: SigningSecretContext, workspaceId: string, mode: KeyMode): Promise<SigningSecretState> {
  return run(context, workspaceId, mode, (state) => {
    if (state.status === 'active') return null;
    const secretId = newId('signingSecret');
    const sealed = context.cipher.seal(generateWebhookSecret(), webhookSecretAad(workspaceId, secretId));
    return { type: 'create', workspace_id: workspaceId, mode, secret_id: secretId, secret: sealed, now: context.now.toISOString() };
  });
}

export async function showSigningSecret(context: SigningSecretContext, workspaceId: string, mode: KeyMode): Promise<SigningSecretResource> {
  return toResource(await ensureSigningSecret(context, workspaceId, mode), mode);
}

/**
 * Shows the current secret once: the one place besides the webhooks service that opens a signing
 * secret, and only while its `revealed` event can still be appended (a second reveal is 409).
 */
export async function revealSigningSecret(
  context: SigningSecretContext,
  opener: SecretOpener,
  workspaceId: string,
  mode: KeyMode,
  actor: Actor,
): Promise<SigningSecretResource> {
  await ensureSigningSecret(context, workspaceId, mode);
  const state = await run(context, workspaceId, mode, () => ({ type: 'reveal', actor, now: context.now.toISOString() }));
  if (state.status !== 'active') throw new Error('reveal: the signing secret vanished');
  const current = state.secrets[0];
  return toResource(state, mode, opener.open(current.sealed, webhookSecretAad(workspaceId, current.secret_id)));
}

export async function rotateSigningSecret(
  context: SigningSecretContext,
  workspaceId: string,
  mode: KeyMode,
  overlapSeconds: number,
  actor: Actor,
): Promise<SigningSecretResource> {
  await ensureSigningSecret(context, workspaceId, mode);
  const secret = generateWebhookSecret();
  const secretId = newId('signingSecret');
  const sealed = context.cipher.seal(secret, webhookSecretAad(workspaceId, secretId));
  const state = await run(context, workspaceId, mode, () => ({
    type: 'rotate',
    secret_id: secretId,
    secret: sealed,
    overlap_seconds: overlapSeconds,
    actor,
    now: context.now.toISOString(),
  }));
  return toResource(state, mode, secret);
}
