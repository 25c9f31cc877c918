import { DomainError, newId, workspaceStreamName, type Actor, type KeyMode } from '@eh/contracts';
import { handleCommand, type EventStore } from '@eh/event-store';
import { generateApiKey } from '../adapters/api-key';
import { workspaceDecider } from '../domain/workspace.decider';

export interface IssuedKey {
  key_id: string;
  mode: KeyMode;
  /** Shown once. */
  key: string;
  revoked_key_ids: string[];
}

const context = (workspaceId: string, now: Date, correlationId: string) => ({
  workspaceId,
  correlationId,
  causationId: null,
  now: now.toISOString(),
});

/** Rotation revokes the mode's key and issues a new one, in one append. */
export async function rotateApiKey(store: EventStore, workspaceId: string, mode: KeyMode, now: Date, correlationId = newId('request')): Promise<IssuedKey> {
  const generated = generateApiKey(mode);
  const keyId = newId('apiKey');
  const result = await handleCommand(
    store,
    workspaceDecider,
    workspaceStreamName(workspaceId),
    { type: 'rotate_key', key: { keyId, mode, keyHash: generated.hash, last4: generated.last4 }, now: now.toISOString() },
    context(workspaceId, now, correlationId),
  );
  const revoked = result.events.flatMap((event) => (event.type === 'workspace.api_key_revoked' ? [event.data.key_id] : []));
  return { key_id: keyId, mode, key: generated.key, revoked_key_ids: revoked };
}

export async function revokeApiKey(store: EventStore, workspaceId: string, keyId: string, now: Date, correlationId = newId('request')): Promise<void> {
  await handleCommand(
    store,
    workspaceDecider,
    workspaceStreamName(workspaceId),
    { type: 'revoke_key', keyId, now: now.toISOString() },
    context(workspaceId, now, correlationId),
  );
}

export function parseKeyMode(value: string): KeyMode {
  if (value === 'test' || value === 'live') return value;
  throw new DomainError('invalid_request', `mode must be "test" or "live", got "${value}"`, 'mode');
}

/** A named key from the dashboard, beside the mode's other keys; shown once. */
export async function issueNamedApiKey(
  store: EventStore,
  workspaceId: string,
  mode: KeyMode,
  name: string,
  actor: Actor,
  now: Date,
  correlationId: string,
): Promise<{ key_id: string; key: string }> {
  const generated = generateApiKey(mode);
  const keyId = newId('apiKey');
  await handleCommand(
    store,
    workspaceDecider,
    workspaceStreamName(workspaceId),
    { type: 'issue_key', key: { keyId, mode, keyHash: generated.hash, last4: generated.last4 }, name, actor, now: now.toISOString() },
    context(workspaceId, now, correlationId),
  );
  return { key_id: keyId, key: generated.key };
}

/** A member revokes a key of the mode they work in (another mode's key is 404). */
export async function revokeApiKeyOfMode(
  store: EventStore,
  workspaceId: string,
  mode: KeyMode,
  keyId: string,
  actor: Actor,
  now: Date,
  correlationId: string,
): Promise<void> {
  await handleCommand(
    store,
    workspaceDecider,
    workspaceStreamName(workspaceId),
    { type: 'revoke_key', keyId, mode, actor, now: now.toISOString() },
    context(workspaceId, now, correlationId),
  );
}
