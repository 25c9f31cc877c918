import { isISO8601 } from 'class-validator';
import { DomainError } from '@eh/contracts';
import { parseDeliveryStatus, type DeliveryFilter } from '@eh/delivery';

const FILTER_FIELDS = ['workspace_id', 'endpoint_id', 'event_type', 'deployment_id', 'created_after', 'created_before'] as const;
const KNOWN = new Set<string>(['status', 'limit', 'cursor', 'overdue', ...FILTER_FIELDS]);

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new DomainError('invalid_request', `${name} must be given once, non-empty`, name);
  return value;
}

/**
 * Shared by the list query and the bulk replay body: time bounds must be ISO 8601 (a real date:
 * `Date.parse` alone takes "1" or "2026-02-30", which PostgreSQL then refuses with a 500), and
 * go to SQL normalized to UTC.
 */
export function checkTimeBounds(filter: Pick<DeliveryFilter, 'created_after' | 'created_before'>): void {
  for (const name of ['created_after', 'created_before'] as const) {
    const value = filter[name];
    if (value === undefined) continue;
    const time = isISO8601(value, { strict: true, strictSeparator: true }) ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(time)) throw new DomainError('invalid_request', `${name} must be an ISO 8601 date-time`, name);
    filter[name] = new Date(time).toISOString();
  }
}

/** `GET /admin/v1/webhook-deliveries` query: filters, `limit` 1–100 (default 20), `cursor`. */
export function parseDeliveriesQuery(query: Record<string, unknown>): { filter: DeliveryFilter; limit: number; cursor?: string; overdue: boolean } {
  const unknown = Object.keys(query).find((name) => !KNOWN.has(name));
  // `?=1` names the parameter "": refused like any other unknown one.
  if (unknown !== undefined) throw new DomainError('invalid_request', `unknown query parameter ${unknown}`, unknown);
  const filter: DeliveryFilter = {};
  for (const name of FILTER_FIELDS) {
    const value = single(query, name);
    if (value !== undefined) filter[name] = value;
  }
  checkTimeBounds(filter);
  const status = single(query, 'status');
  if (status !== undefined) filter.status = parseDeliveryStatus(status);
  const rawLimit = single(query, 'limit') ?? '20';
  const limit = Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new DomainError('invalid_request', 'limit must be an integer from 1 to 100', 'limit');
  const overdue = single(query, 'overdue');
  if (overdue !== undefined && overdue !== 'true' && overdue !== 'false') throw new DomainError('invalid_request', 'overdue must be true or false', 'overdue');
  return { filter, limit, cursor: single(query, 'cursor'), overdue: overdue === 'true' };
}
