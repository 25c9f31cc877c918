import { PUBLIC_EVENT_TYPES } from '@eh/contracts';
import { componentRef, idOf } from '../docs/openapi/json-schema';
import { cursor, limit, query } from '../docs/openapi/parts/partner-dashboard.parts';
import type { OperationDoc } from '../docs/openapi/public-operations';

export const listEventsOperation: OperationDoc = {
  operationId: 'listEvents',
  tag: 'Events',
  summary: 'Every event of the workspace and mode, newest first',
  description:
    'A pull path for agents without a public URL: each public event as its webhook body, of the key’s mode only, newest first, from the last 30 days (older events are kept but not listed). Filters: `type`, `deployment_id`, `created_after`, `created_before`. A page reads at most 1,000 of the workspace’s events, so it may hold fewer than `limit` with `next` set: follow `next` until it is null.',
  response: componentRef('WorkspaceEventList'),
  query: [
    query('type', 'One public event type.', { type: 'string', enum: [...PUBLIC_EVENT_TYPES] }),
    query('deployment_id', 'Only this deployment’s events.', { type: 'string', pattern: '^dep_[0-9A-HJKMNP-TV-Z]{26}$' }),
    query('created_after', 'ISO 8601: events recorded at or after.', { type: 'string', format: 'date-time' }),
    query('created_before', 'ISO 8601: events recorded before.', { type: 'string', format: 'date-time' }),
    limit(20),
    cursor,
  ],
  success: { 200: ['Cache-Control'] },
};

export const getEventOperation: OperationDoc = {
  operationId: 'getEvent',
  tag: 'Events',
  summary: 'One event',
  description: 'As its webhook body. Another workspace’s or mode’s event is 404.',
  response: componentRef('Event'),
  pathParams: { id: idOf('event') },
  success: { 200: ['Cache-Control'] },
};
