import { DomainError, isId, newId, webhookReplayStreamName, type Actor, type WebhookReplayFilter } from '@eh/contracts';
import { handleCommand, type EventStore } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { matchingDeliveryIds } from '../adapters/deliveries-view.query';
import { DeliveryTransitionError } from '../domain/delivery-errors';
import { toReplayJobResource, type ReplayJobCommand, type ReplayJobResource, type ReplayJobState } from '../domain/replay-job.decider';
import { replayJobDecider } from '../domain/replay-job.decider';
import { loadReplayJob } from './delivery-streams';
import type { PartnerScope } from './partner-endpoints.handler';
import { replayDelivery } from './replay-deliveries.handler';

/** Progress is recorded after this many deliveries (and at the end), so a long job shows it moving. */
const PROGRESS_EVERY = 20;

export interface ReplayJobContext {
  store: EventStore;
  correlationId: string;
  clock: () => Date;
}

const notFound = (id: string): DomainError => new DomainError('not_found', `no webhook replay ${id}`, 'id');

async function run(context: ReplayJobContext, workspaceId: string, replayId: string, command: ReplayJobCommand): Promise<ReplayJobState> {
  const now = context.clock().toISOString();
  const result = await handleCommand(context.store, replayJobDecider, webhookReplayStreamName(replayId), command, {
    workspaceId,
    correlationId: context.correlationId,
    causationId: null,
    now,
  });
  return result.state;
}

/**
 * A partner's bulk replay: the dead letters of the scope matching the filter are
 * recorded with the job, oldest first; the caller then runs it (`runReplayJob`) after answering.
 */
export async function requestReplayJob(
  context: ReplayJobContext,
  sql: SqlClient,
  scope: PartnerScope,
  filter: WebhookReplayFilter,
  actor: Actor,
): Promise<ReplayJobResource> {
  const ids = await matchingDeliveryIds(sql, { ...filter, workspace_id: scope.workspaceId, mode: scope.mode, status: 'dead_lettered' });
  const replayId = newId('webhookReplay');
  const state = await run(context, scope.workspaceId, replayId, {
    type: 'request',
    replay_id: replayId,
    workspace_id: scope.workspaceId,
    mode: scope.mode,
    filter,
    delivery_ids: ids,
    actor,
    now: context.clock().toISOString(),
  });
  const resource = toReplayJobResource(state);
  if (!resource) throw notFound(replayId);
  return resource;
}

/**
 * Replays the job's dead letters from where it stands, recording progress now and then and the end.
 * Run again after an interruption it continues; a delivery it had replayed just before is no
 * longer dead-lettered and counts as skipped, never replayed twice.
 */
export async function runReplayJob(context: ReplayJobContext, replayId: string): Promise<ReplayJobResource | null> {
  let state = await loadReplayJob(context.store, replayId);
  if (state.status !== 'running') return toReplayJobResource(state);
  const { workspace_id: workspaceId, delivery_ids: ids } = state;
  let { replayed, skipped } = state;
  for (let index = replayed + skipped; index < ids.length; index++) {
    try {
      await replayDelivery(context.store, ids[index], {
        requestedBy: `webhook_replay:${replayId}`,
        correlationId: context.correlationId,
        now: context.clock(),
        replayId,
        onlyDeadLettered: true,
      });
      replayed += 1;
    } catch (error) {
      if (!(error instanceof DeliveryTransitionError)) throw error;
      skipped += 1;
    }
    const done = replayed + skipped;
    if (done % PROGRESS_EVERY === 0 && done < ids.length)
      state = await run(context, workspaceId, replayId, { type: 'record_progress', replayed, skipped, now: context.clock().toISOString() });
  }
  state = await run(context, workspaceId, replayId, { type: 'complete', replayed, skipped, now: context.clock().toISOString() });
  return toReplayJobResource(state);
}

/** The job as its stream says, if it belongs to the scope; 404 otherwise. */
export async function showReplayJob(store: EventStore, scope: PartnerScope, replayId: string): Promise<{ resource: ReplayJobResource; state: ReplayJobState }> {
  if (!isId('webhookReplay', replayId)) throw notFound(replayId);
  const state = await loadReplayJob(store, replayId);
  const resource = toReplayJobResource(state);
  if (!resource || state.status === 'none' || state.workspace_id !== scope.workspaceId || state.mode !== scope.mode) throw notFound(replayId);
  return { resource, state };
}
