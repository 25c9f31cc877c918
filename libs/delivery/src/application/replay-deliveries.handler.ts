import { DomainError, deliveryStreamName, type Actor } from '@eh/contracts';
import { handleCommand, type EventStore } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { matchingDeliveryIds, type DeliveryFilter } from '../adapters/deliveries-view.query';
import { DeliveryTransitionError } from '../domain/delivery-errors';
import type { DeliveryCommand } from '../domain/delivery.commands';
import { toDeliveryResource, type DeliveryResource } from '../domain/delivery.resource';
import { deliveryDecider } from '../domain/delivery.decider';
import { loadDelivery } from './delivery-streams';

export interface ReplayContext {
  /** Who asked, recorded on the event: `admin-api`, `ops-cli`. */
  requestedBy: string;
  correlationId: string;
  now: Date;
  /** The bulk replay job asking, and the person or key who asked. */
  replayId?: string;
  actor?: Actor;
  /** Bulk replays: a delivery matched as a dead letter and resent meanwhile is left alone. */
  onlyDeadLettered?: boolean;
}

/**
 * Resends one finished delivery (dead-lettered, succeeded or 4xx-failed): same delivery id, full schedule again. Only the event is
 * appended here; the webhooks service sees it on JetStream and enqueues the attempt (and its
 * reconciler would, had it missed it), so the gateway and the CLI need no Redis.
 */
export function replayDelivery(store: EventStore, deliveryId: string, context: ReplayContext): Promise<DeliveryResource> {
  return commandDelivery(store, deliveryId, context, (now) => ({
    type: 'request_replay',
    requested_by: context.requestedBy,
    now,
    replay_id: context.replayId,
    actor: context.actor,
    only_dead_lettered: context.onlyDeadLettered,
  }));
}

/** A command on a delivery that exists (404 otherwise), appended in its workspace. */
async function commandDelivery(
  store: EventStore,
  deliveryId: string,
  context: Pick<ReplayContext, 'correlationId' | 'now'>,
  command: (now: string) => DeliveryCommand,
): Promise<DeliveryResource> {
  const current = await loadDelivery(store, deliveryId);
  if (current.status === 'initial') throw new DomainError('not_found', `no delivery ${deliveryId}`, 'id');
  const now = context.now.toISOString();
  const result = await handleCommand(store, deliveryDecider, deliveryStreamName(deliveryId), command(now), {
    workspaceId: current.details.workspace_id,
    correlationId: context.correlationId,
    causationId: null,
    now,
  });
  return toDeliveryResource(result.state);
}

export interface BulkReplayResult {
  matched: number;
  replayed: number;
  /** Matched, but no longer dead-lettered when its turn came (replayed by someone else meanwhile). */
  skipped: number;
}

/** Replays every dead letter matching the filter, oldest first, reporting progress as it goes. */
export async function replayMatching(
  store: EventStore,
  sql: SqlClient,
  filter: Omit<DeliveryFilter, 'status'>,
  context: ReplayContext,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<BulkReplayResult> {
  const ids = await matchingDeliveryIds(sql, { ...filter, status: 'dead_lettered' });
  let replayed = 0;
  let skipped = 0;
  for (const id of ids) {
    try {
      await replayDelivery(store, id, { ...context, onlyDeadLettered: true });
      replayed += 1;
    } catch (error) {
      if (!(error instanceof DeliveryTransitionError)) throw error;
      skipped += 1;
    }
    onProgress(replayed + skipped, ids.length);
  }
  return { matched: ids.length, replayed, skipped };
}

/**
 * Retry now: a pending delivery's next attempt made due at once, same attempt number. Appends
 * only the event; the webhooks service moves the delayed job (the gateway has no queue).
 * Refused (409) when nothing is scheduled; one already due records nothing and answers as it is.
 */
export function retryDeliveryNow(
  store: EventStore,
  deliveryId: string,
  context: Omit<ReplayContext, 'replayId' | 'onlyDeadLettered'>,
): Promise<DeliveryResource> {
  return commandDelivery(store, deliveryId, context, (now) => ({ type: 'retry_now', requested_by: context.requestedBy, now, actor: context.actor }));
}
