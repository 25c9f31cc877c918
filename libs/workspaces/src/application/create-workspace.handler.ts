import { newId, workspaceStreamName, type KeyMode } from '@eh/contracts';
import { handleCommand, type EventStore } from '@eh/event-store';
import { generateApiKey } from '../adapters/api-key';
import { workspaceDecider } from '../domain/workspace.decider';

export interface CreatedWorkspace {
  id: string;
  name: string;
  created_at: string;
  /** Shown once: only their hashes are stored. */
  keys: Record<KeyMode, string>;
}

export async function createWorkspace(store: EventStore, name: string, now: Date): Promise<CreatedWorkspace> {
  const workspaceId = newId('workspace');
  const test = generateApiKey('test');
  const live = generateApiKey('live');
  const createdAt = now.toISOString();
  await handleCommand(
    store,
    workspaceDecider,
    workspaceStreamName(workspaceId),
    {
      type: 'create',
      workspaceId,
      name,
      now: createdAt,
      keys: [
        { keyId: newId('apiKey'), mode: 'test', keyHash: test.hash, last4: test.last4 },
        { keyId: newId('apiKey'), mode: 'live', keyHash: live.hash, last4: live.last4 },
      ],
    },
    { workspaceId, correlationId: newId('request'), causationId: null, now: createdAt },
  );
  return { id: workspaceId, name, created_at: createdAt, keys: { test: test.key, live: live.key } };
}
