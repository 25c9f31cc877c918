import { createHash } from 'node:crypto';
import { isPublicEventType } from '@eh/contracts';
import { parseDeliveryStatus, type DeliveryFilter } from '@eh/delivery';
import { checkTimeBounds } from './admin-webhook-deliveries.query';
import { invalidQuery, parseLimit, refuseUnknownParameters, singleParameter } from '../http/list-query.rules';

const FILTER_FIELDS = ['event_type', 'deployment_id', 'endpoint_id', 'created_after', 'created_before'] as const;
export const PARTNER_DELIVERIES_PARAMETERS = ['status', ...FILTER_FIELDS, 'overdue', 'limit', 'cursor'] as const;

export interface PartnerDeliveriesQuery {
  filter: Omit<DeliveryFilter, 'workspace_id' | 'mode'>;
  limit: number;
  cursor?: string;
  /** `overdue=true`: only pending deliveries past their attempt time by more than the threshold. */
  overdue: boolean;
  /** Binds a cursor to these filters (docs/decisions.md "REST surface": a cursor is a position in one result set). */
  filtersHash: string;
}

/** `GET /v1/webhook_deliveries`: the admin list's filters less the workspace, which the key fixes. */
export function parsePartnerDeliveriesQuery(query: Record<string, unknown>): PartnerDeliveriesQuery {
  refuseUnknownParameters(query, PARTNER_DELIVERIES_PARAMETERS);
  const filter: PartnerDeliveriesQuery['filter'] = {};
  for (const name of FILTER_FIELDS) {
    const value = singleParameter(query, name);
    if (value === '') throw invalidQuery(name, `${name} must not be empty`);
    if (value !== undefined) filter[name] = value;
  }
  if (filter.event_type !== undefined && filter.event_type !== 'webhook.test' && !isPublicEventType(filter.event_type))
    throw invalidQuery('event_type', `event_type "${filter.event_type.slice(0, 60)}" is not an event type deliveries carry`);
  checkTimeBounds(filter);
  const status = singleParameter(query, 'status');
  if (status !== undefined) filter.status = parseDeliveryStatus(status);
  const overdue = parseOverdue(singleParameter(query, 'overdue'));
  // The overdue filter joins the hash only when set, so cursors made before it existed still read.
  const hashed = ['deliveries', filter.status ?? null, ...FILTER_FIELDS.map((name) => filter[name] ?? null), ...(overdue ? ['overdue'] : [])];
  const filtersHash = createHash('sha256').update(JSON.stringify(hashed)).digest('base64url').slice(0, 22);
  return { filter, limit: parseLimit(singleParameter(query, 'limit')), cursor: singleParameter(query, 'cursor'), filtersHash, overdue };
}

export function parseOverdue(value: string | undefined): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw invalidQuery('overdue', 'overdue must be true or false');
}
