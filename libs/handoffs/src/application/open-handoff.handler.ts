import { DomainError, handoffDeploymentId, handoffStreamName, newId, type HandoffOpened, type KeyMode, type MemoryKind, type Urgency } from '@eh/contracts';
import { createDeployment, type CreateDeploymentDeps } from '@eh/deployments';
import { handleCommand, loadAggregate, type EventStore } from '@eh/event-store';
import { findMemoryEntries } from '@eh/memory';
import type { SqlClient } from '@eh/platform';
import { handoffBrief } from '../domain/handoff-brief';
import { toHandoffResource, type HandoffResource } from '../domain/handoff.resource';
import { handoffDecider } from '../domain/handoff.decider';
import { syncHandoff } from './sync-handoff.handler';

/** The validated body of POST /v1/handoffs: what `handoff.opened` records of it; skills and urgency absent are null. */
export type OpenHandoffInput = Pick<HandoffOpened['data'], 'surface' | 'outcome' | 'route' | 'trigger' | 'policy' | 'artifact' | 'context' | 'metadata'> & {
  skills: string[] | null;
  urgency: Urgency | null;
};

export interface OpenHandoffDeps {
  deployments: CreateDeploymentDeps;
  sql: SqlClient;
}

export interface HandoffScope {
  workspaceId: string;
  mode: KeyMode;
  requestId: string;
  now: Date;
  /** Derived from the Idempotency-Key, so a retry after a crash finds what the first attempt opened. */
  handoffId?: string;
}

/**
 * POST /v1/handoffs: check the named memory → open the deployment (quote 422,
 * credits 402/429, exactly as POST /v1/deployments) → append `handoff.opened` → mirror the
 * deployment once, in case it moved before the handoff existed (test mode is that fast).
 */
export async function openHandoff(deps: OpenHandoffDeps, scope: HandoffScope, input: OpenHandoffInput): Promise<HandoffResource> {
  const store = deps.deployments.store;
  const handoffId = scope.handoffId ?? newId('handoff');
  const deploymentId = handoffDeploymentId(handoffId);
  if (!(await exists(store, handoffId))) {
    const memory = await namedMemory(deps.sql, scope, input.context.memory_keys);
    const skills = input.skills ?? [input.outcome];
    const urgency = input.urgency ?? 'standard';
    const brief = handoffBrief({ ...input.context, outcome: input.outcome, surface: input.surface, artifact: input.artifact, trigger: input.trigger });
    await createDeployment(
      deps.deployments,
      { workspaceId: scope.workspaceId, mode: scope.mode, requestId: scope.requestId, now: scope.now, deploymentId },
      {
        brief,
        skills,
        urgency,
        scheduled_for: null,
        context_url: null,
        context_files: [],
        metadata: input.metadata,
        webhook_url: null,
        handoff: { handoff_id: handoffId, artifact: input.artifact, memory },
      },
    ).catch((error: unknown) => {
      // Without `skills`, the outcome is the skill asked for: name the field the caller wrote.
      if (error instanceof DomainError && error.code === 'expert_unavailable' && input.skills === null)
        throw new DomainError(error.code, error.message, 'outcome');
      throw error;
    });
    const opened: HandoffOpened['data'] = {
      handoff_id: handoffId,
      workspace_id: scope.workspaceId,
      mode: scope.mode,
      deployment_id: deploymentId,
      surface: input.surface,
      outcome: input.outcome,
      route: input.route,
      trigger: input.trigger,
      policy: input.policy,
      artifact: input.artifact,
      context: input.context,
      skills,
      urgency,
      metadata: input.metadata,
      opened_at: scope.now.toISOString(),
    };
    await handleCommand(
      store,
      handoffDecider,
      handoffStreamName(handoffId),
      { type: 'open', data: opened },
      {
        workspaceId: scope.workspaceId,
        correlationId: scope.requestId,
        causationId: null,
        now: opened.opened_at,
      },
    );
  }
  await syncHandoff(store, deploymentId);
  const { state } = await loadAggregate(store, handoffStreamName(handoffId), handoffDecider);
  return toHandoffResource(state);
}

async function exists(store: EventStore, handoffId: string): Promise<boolean> {
  return (await loadAggregate(store, handoffStreamName(handoffId), handoffDecider)).revision >= 0;
}

/** Every named key must hold an entry of this workspace and mode: a misspelt key is refused, not ignored. */
async function namedMemory(sql: SqlClient, scope: HandoffScope, keys: readonly string[]): Promise<{ key: string; kind: MemoryKind }[]> {
  const found = await findMemoryEntries(sql, scope, keys);
  const present = new Set(found.map((entry) => entry.key));
  const missing = keys.findIndex((key) => !present.has(key));
  if (missing >= 0) {
    throw new DomainError(
      'invalid_request',
      `context.memory_keys[${missing}]: no memory entry ${keys[missing]} in this workspace (PUT /v1/memory/${keys[missing]} first)`,
      `context.memory_keys[${missing}]`,
    );
  }
  return found.map(({ key, kind }) => ({ key, kind }));
}
