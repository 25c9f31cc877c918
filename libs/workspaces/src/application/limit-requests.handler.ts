import { limitRequestStreamName, newId, type Actor, type LimitRequestOutcome } from '@eh/contracts';
import { handleCommand, loadAggregate, type EventStore } from '@eh/event-store';
import { limitRequestDecider, toLimitRequestResource, type LimitRequestResource } from '../domain/limit-request.decider';

export async function requestLimitIncrease(
  store: EventStore,
  input: { workspaceId: string; currentInFlightLimit: number; requestedInFlightLimit: number; reason: string; actor: Actor; now: Date; correlationId: string },
): Promise<LimitRequestResource> {
  const requestId = newId('limitRequest');
  const now = input.now.toISOString();
  const result = await handleCommand(
    store,
    limitRequestDecider,
    limitRequestStreamName(requestId),
    {
      type: 'request',
      request_id: requestId,
      workspace_id: input.workspaceId,
      current_in_flight_limit: input.currentInFlightLimit,
      requested_in_flight_limit: input.requestedInFlightLimit,
      reason: input.reason,
      actor: input.actor,
      now,
    },
    { workspaceId: input.workspaceId, correlationId: input.correlationId, causationId: null, now },
  );
  const resource = toLimitRequestResource(result.state);
  if (!resource) throw new Error('limit request vanished');
  return resource;
}

export async function resolveLimitRequest(
  store: EventStore,
  input: { requestId: string; outcome: LimitRequestOutcome; note: string; actor: Actor; now: Date; correlationId: string },
): Promise<LimitRequestResource | null> {
  const now = input.now.toISOString();
  const { state: existing } = await loadAggregate(store, limitRequestStreamName(input.requestId), limitRequestDecider);
  const workspaceId = existing.status === 'none' ? 'operations' : existing.workspace_id;
  const result = await handleCommand(
    store,
    limitRequestDecider,
    limitRequestStreamName(input.requestId),
    { type: 'resolve', outcome: input.outcome, note: input.note, actor: input.actor, now },
    {
      workspaceId,
      correlationId: input.correlationId,
      causationId: null,
      now,
    },
  );
  return toLimitRequestResource(result.state);
}
