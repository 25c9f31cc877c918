import { DomainError, deploymentStreamName, memoryStreamName, type KeyMode, type MemoryKind, type MemorySource } from '@eh/contracts';
import { deploymentDecider } from '@eh/deployments';
import { handleCommand, loadAggregate, type EventStore } from '@eh/event-store';
import { memoryDecider } from '../domain/memory-entry.decider';
import { priorOutputKey, toMemoryEntryResource, type DeletedMemoryEntryResource, type MemoryEntryResource } from '../domain/memory-entry.resource';

/** Whose memory: a workspace in one key mode (test and live memories are separate: docs/decisions.md). */
export interface MemoryScope {
  workspaceId: string;
  mode: KeyMode;
  requestId: string;
  now: Date;
  /** A reactor's causing event, so a redelivered message appends nothing twice. */
  causationId?: string;
  eventId?: (index: number) => string;
}

export interface PutMemoryInput {
  key: string;
  kind: MemoryKind;
  body: string;
  source: MemorySource | null;
}

export interface PutMemoryResult {
  entry: MemoryEntryResource;
  /** true: the key held no entry before (201); false: replaced or unchanged (200). */
  created: boolean;
}

const contextOf = (scope: MemoryScope) => ({
  workspaceId: scope.workspaceId,
  correlationId: scope.requestId,
  causationId: scope.causationId ?? null,
  now: scope.now.toISOString(),
  eventId: scope.eventId,
});

export async function putMemoryEntry(store: EventStore, scope: MemoryScope, input: PutMemoryInput): Promise<PutMemoryResult> {
  const result = await handleCommand(
    store,
    memoryDecider,
    memoryStreamName(scope.workspaceId, scope.mode, input.key),
    { type: 'put', workspaceId: scope.workspaceId, mode: scope.mode, ...input, now: scope.now.toISOString() },
    contextOf(scope),
  );
  if (result.state.status !== 'active') throw new Error(`memory entry ${input.key} not active after a put`);
  return { entry: toMemoryEntryResource(result.state.entry), created: result.events[0]?.type === 'memory.entry_created' };
}

export async function deleteMemoryEntry(store: EventStore, scope: MemoryScope, key: string): Promise<DeletedMemoryEntryResource> {
  await handleCommand(
    store,
    memoryDecider,
    memoryStreamName(scope.workspaceId, scope.mode, key),
    { type: 'delete', key, now: scope.now.toISOString() },
    contextOf(scope),
  );
  return { object: 'memory_entry', key, deleted: true };
}

/**
 * POST /v1/deployments/:id/save-output: the completed output becomes a `prior_output` entry
 * of the deployment's own workspace and mode. Checked on the folded stream, as cancel and reply are.
 */
export async function saveDeploymentOutput(store: EventStore, scope: MemoryScope, deploymentId: string, key: string | null): Promise<PutMemoryResult> {
  const { state } = await loadAggregate(store, deploymentStreamName(deploymentId), deploymentDecider);
  if (state.status === 'initial' || state.details.workspace_id !== scope.workspaceId || state.details.mode !== scope.mode) {
    throw new DomainError('not_found', `no deployment ${deploymentId} in this workspace`, 'id');
  }
  if (state.status !== 'completed') {
    throw new DomainError('deployment_not_completed', `deployment ${deploymentId} is ${state.status}; only a completed deployment's output can be saved`, 'id');
  }
  const source = { deployment_id: deploymentId, handoff_id: state.details.handoff?.handoff_id ?? null };
  return putMemoryEntry(store, scope, { key: key ?? priorOutputKey(deploymentId), kind: 'prior_output', body: state.output.body, source });
}
