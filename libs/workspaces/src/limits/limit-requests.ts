import { limitRequestStreamName, newId, LIMIT_REQUEST_EVENT_TYPES, type Actor, type LimitRequestOutcome } from '@eh/contracts';
import { foldRecorded, handleCommand, loadAggregate, refoldTouchedStreams, type EventStore, type InlineProjection, type RecordedEvent } from '@eh/event-store';
import type { Migration, SqlClient } from '@eh/platform';
import { limitRequestDecider, toLimitRequestResource, type LimitRequestResource } from './limit-request.decider';

export const limitRequestsMigrations: readonly Migration[] = [
  {
    id: 'workspaces-limit-requests-001',
    sql: `
      CREATE TABLE IF NOT EXISTS limit_requests_view (
        request_id text PRIMARY KEY,
        workspace_id text NOT NULL,
        status text NOT NULL,
        created_at timestamptz NOT NULL,
        resource json NOT NULL
      );
      CREATE INDEX IF NOT EXISTS limit_requests_view_by_time ON limit_requests_view (created_at DESC, request_id DESC);
    `,
  },
];

/** Inline: operations' list shows a request as soon as it is made. */
export const limitRequestsProjection: InlineProjection = {
  name: 'limit_requests_view',
  refoldsStreams: true,
  handles: LIMIT_REQUEST_EVENT_TYPES,
  async apply(events, tx, readStream) {
    await refoldTouchedStreams(events, readStream, async (history: RecordedEvent[]) => {
      const resource = toLimitRequestResource(foldRecorded(history, limitRequestDecider));
      if (!resource) return;
      await tx.query(
        `INSERT INTO limit_requests_view (request_id, workspace_id, status, created_at, resource) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (request_id) DO UPDATE SET status = EXCLUDED.status, resource = EXCLUDED.resource`,
        [resource.id, resource.workspace_id, resource.status, resource.created_at, JSON.stringify(resource)],
      );
    });
  },
  async reset(tx) {
    await tx.query('TRUNCATE limit_requests_view');
  },
};

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
    { type: 'request', request_id: requestId, workspace_id: input.workspaceId, current_in_flight_limit: input.currentInFlightLimit, requested_in_flight_limit: input.requestedInFlightLimit, reason: input.reason, actor: input.actor, now },
    { workspaceId: input.workspaceId, correlationId: input.correlationId, causationId: null, now },
  );
  const resource = toLimitRequestResource(result.state);
  if (!resource) throw new Error('limit request vanished');
  return resource;
}

export async function resolveLimitRequest(store: EventStore, input: { requestId: string; outcome: LimitRequestOutcome; note: string; actor: Actor; now: Date; correlationId: string }): Promise<LimitRequestResource | null> {
  const now = input.now.toISOString();
  const { state: existing } = await loadAggregate(store, limitRequestStreamName(input.requestId), limitRequestDecider);
  const workspaceId = existing.status === 'none' ? 'operations' : existing.workspace_id;
  const result = await handleCommand(store, limitRequestDecider, limitRequestStreamName(input.requestId), { type: 'resolve', outcome: input.outcome, note: input.note, actor: input.actor, now }, {
    workspaceId,
    correlationId: input.correlationId,
    causationId: null,
    now,
  });
  return toLimitRequestResource(result.state);
}

/** Newest first; one workspace's, or (operations) every workspace's, optionally by status. */
export async function listLimitRequests(sql: SqlClient, filter: { workspaceId?: string; status?: string }): Promise<LimitRequestResource[]> {
  const { rows } = await sql.query<{ resource: LimitRequestResource }>(
    `SELECT resource FROM limit_requests_view WHERE ($1::text IS NULL OR workspace_id = $1) AND ($2::text IS NULL OR status = $2) ORDER BY created_at DESC, request_id DESC LIMIT 500`,
    [filter.workspaceId ?? null, filter.status ?? null],
  );
  return rows.map((row) => row.resource);
}
