import { DomainError } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import type { DeliveryResource } from '../domain/delivery.resource';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../domain/delivery.state';

/** Operations' filter (workspace, endpoint, event type, time); all optional. */
export interface DeliveryFilter {
  status?: DeliveryStatus;
  workspace_id?: string;
  /** A partner's list is one workspace and one mode. */
  mode?: string;
  endpoint_id?: string;
  event_type?: string;
  deployment_id?: string;
  /** Inclusive. */
  created_after?: string;
  /** Exclusive. */
  created_before?: string;
  /** Overdue only: pending, its attempt due before this time (now less the threshold). */
  overdue_before?: string;
}

export interface DeliveryPage {
  data: DeliveryResource[];
  next: string | null;
}

export function parseDeliveryStatus(value: string): DeliveryStatus {
  const status = DELIVERY_STATUSES.find((candidate) => candidate === value);
  if (!status) throw new DomainError('invalid_request', `status must be one of: ${DELIVERY_STATUSES.join(', ')}`, 'status');
  return status;
}

function where(filter: DeliveryFilter, params: unknown[]): string {
  const clauses: string[] = [];
  const add = (sql: string, value: unknown): void => {
    params.push(value);
    clauses.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.status) add('status = ?', filter.status);
  if (filter.workspace_id) add('workspace_id = ?', filter.workspace_id);
  if (filter.mode) add('mode = ?', filter.mode);
  if (filter.endpoint_id) add('endpoint_id = ?', filter.endpoint_id);
  if (filter.event_type) add('event_type = ?', filter.event_type);
  if (filter.deployment_id) add('deployment_id = ?', filter.deployment_id);
  if (filter.created_after) add('created_at >= ?::timestamptz', filter.created_after);
  if (filter.created_before) add('created_at < ?::timestamptz', filter.created_before);
  if (filter.overdue_before) add(`status IN ('scheduled', 'retrying') AND next_attempt_at < ?::timestamptz`, filter.overdue_before);
  return clauses.length === 0 ? 'TRUE' : clauses.join(' AND ');
}

/** An opaque position in the newest-first order (admin lists only: nothing secret in it). */
const encodeCursor = (createdAt: string, id: string): string => Buffer.from(`${createdAt}|${id}`).toString('base64url');

function decodeCursor(cursor: string): [string, string] {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt))) throw new DomainError('invalid_request', 'cursor is not one this API returned', 'cursor');
  return [createdAt, id];
}

/** Newest first, keyset-paginated. */
export async function listDeliveries(sql: SqlClient, filter: DeliveryFilter, limit: number, cursor?: string): Promise<DeliveryPage> {
  const params: unknown[] = [];
  let condition = where(filter, params);
  if (cursor) {
    const [createdAt, id] = decodeCursor(cursor);
    params.push(createdAt, id);
    condition += ` AND (created_at, delivery_id) < ($${params.length - 1}::timestamptz, $${params.length})`;
  }
  params.push(limit + 1);
  const { rows } = await sql.query<{ resource: DeliveryResource }>(
    `SELECT resource FROM deliveries_view WHERE ${condition} ORDER BY created_at DESC, delivery_id DESC LIMIT $${params.length}`,
    params,
  );
  const data = rows.slice(0, limit).map((row) => row.resource);
  const last = data[data.length - 1];
  return { data, next: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null };
}

/** Ids matching a filter, oldest first (bulk replay keeps the original order). */
export async function matchingDeliveryIds(sql: SqlClient, filter: DeliveryFilter): Promise<string[]> {
  const params: unknown[] = [];
  const { rows } = await sql.query<{ delivery_id: string }>(
    `SELECT delivery_id FROM deliveries_view WHERE ${where(filter, params)} ORDER BY created_at, delivery_id`,
    params,
  );
  return rows.map((row) => row.delivery_id);
}

export interface DueDelivery {
  delivery_id: string;
  next_attempt: number;
  next_attempt_at: Date;
}

/** The reconciler's work list: pending deliveries due before `until`, in due order, by pages. */
export async function pendingDeliveriesDue(sql: SqlClient, until: Date, limit: number, after?: DueDelivery): Promise<DueDelivery[]> {
  const { rows } = await sql.query<DueDelivery>(
    `SELECT delivery_id, next_attempt, next_attempt_at FROM deliveries_view
      WHERE status IN ('scheduled', 'retrying') AND next_attempt_at <= $1
        AND ($2::timestamptz IS NULL OR (next_attempt_at, delivery_id) > ($2::timestamptz, $3::text))
      ORDER BY next_attempt_at, delivery_id LIMIT $4`,
    [until, after?.next_attempt_at ?? null, after?.delivery_id ?? '', limit],
  );
  return rows;
}
