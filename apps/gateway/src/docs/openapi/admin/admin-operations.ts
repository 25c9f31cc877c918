import { AVAILABILITIES, PUBLIC_EVENT_TYPES } from '@eh/contracts';
import { componentRef, idOf, type JsonSchema } from '../json-schema';

/** What the admin routes' metadata cannot say: each answer's component and each list's query. */
export interface AdminOperationDoc {
  response: JsonSchema;
  query?: JsonSchema[];
  /** A body the handler parses itself (no DTO for the route discovery to read). */
  requestBody?: JsonSchema;
}

const q = (name: string, description: string, schema: JsonSchema): JsonSchema => ({ name, in: 'query', required: false, description, schema });
const limit = (byDefault: number) => q('limit', `Page size, 1–100 (default ${byDefault}).`, { type: 'integer', minimum: 1, maximum: 100, default: byDefault });
const cursor = q('cursor', 'The `next` of the previous page.', { type: 'string' });
const workspaceFilter = q('workspace_id', 'Only this workspace’s.', idOf('workspace'));
const ref = componentRef;

export const ADMIN_OPERATIONS: Record<string, AdminOperationDoc> = {
  'POST /admin/v1/deployments/:id/cancel': { response: ref('Deployment') },
  'GET /admin/v1/experts': {
    response: ref('AdminRosterList'),
    query: [
      limit(100),
      cursor,
      q('status', 'Only active or only retired experts (default: both).', { type: 'string', enum: ['active', 'retired'] }),
      q('availability', 'Only experts with this availability.', { type: 'string', enum: [...AVAILABILITIES] }),
      q('skill', 'Only experts covering this skill tag.', { type: 'string' }),
    ],
  },
  'POST /admin/v1/experts': { response: ref('RegisteredExpert'), requestBody: ref('ExpertProfileInput') },
  'GET /admin/v1/experts/:id': { response: ref('AdminExpertEntry') },
  'PATCH /admin/v1/experts/:id': { response: ref('RosterEntry'), requestBody: ref('ExpertProfileChanges') },
  'POST /admin/v1/experts/:id/availability': { response: ref('RosterEntry'), requestBody: ref('AvailabilityChange') },
  'POST /admin/v1/experts/:id/retire': { response: ref('RetiredExpert') },
  'POST /admin/v1/experts/:id/invitations': { response: ref('ExpertInvitation') },
  'GET /admin/v1/experts/:id/notifications': { response: ref('NotificationSendList'), query: [limit(20), cursor] },
  'GET /admin/v1/limit_requests': {
    response: ref('LimitRequestList'),
    query: [q('status', 'Only requests in this state.', { type: 'string', enum: ['open', 'granted', 'declined'] }), workspaceFilter],
  },
  'POST /admin/v1/limit_requests/:id/resolve': { response: ref('LimitRequest') },
  'GET /admin/v1/operators': { response: ref('OperatorList') },
  'POST /admin/v1/operators/invitations': { response: ref('OperatorInvitation') },
  'DELETE /admin/v1/operators/:id': { response: ref('RemovedOperator') },
  'DELETE /admin/v1/operators/:id/sessions': { response: ref('EndedOperatorSessions') },
  'GET /admin/v1/plans': { response: ref('AccountPlanList') },
  'GET /admin/v1/webhook-deliveries': {
    response: ref('AdminDeliveryList'),
    query: [
      q('status', 'Only deliveries in this state.', { type: 'string', enum: ['scheduled', 'retrying', 'succeeded', 'failed', 'dead_lettered'] }),
      workspaceFilter,
      q('endpoint_id', 'Only deliveries to this endpoint.', { type: 'string' }),
      q('event_type', 'Only deliveries of this event type.', { type: 'string', enum: [...PUBLIC_EVENT_TYPES, 'webhook.test'] }),
      q('deployment_id', 'Only deliveries about this deployment.', { type: 'string' }),
      q('created_after', 'Created at or after (ISO 8601).', { type: 'string', format: 'date-time' }),
      q('created_before', 'Created before (ISO 8601).', { type: 'string', format: 'date-time' }),
      q('overdue', '`true`: only scheduled attempts more than WEBHOOK_OVERDUE_AFTER_SECONDS past due and not made.', { type: 'string', enum: ['true', 'false'] }),
      limit(20),
      cursor,
    ],
  },
  'GET /admin/v1/webhook-deliveries/:id': { response: ref('AdminDeliveryDetail') },
  'POST /admin/v1/webhook-deliveries/:id/replay': { response: ref('AdminDelivery') },
  'POST /admin/v1/webhook-deliveries/:id/retry_now': { response: ref('AdminDelivery') },
  'POST /admin/v1/webhook-deliveries/replay': { response: ref('BulkReplayResult') },
  'POST /admin/v1/workspaces': { response: ref('CreatedWorkspace') },
  'GET /admin/v1/workspaces': {
    response: ref('WorkspaceList'),
    query: [q('q', 'A workspace id, or at least 3 characters found in the name (case-insensitive).', { type: 'string', minLength: 3 }), limit(20), cursor],
  },
  'GET /admin/v1/workspaces/:id': { response: ref('WorkspaceSummary') },
  'GET /admin/v1/workspaces/:id/account': { response: ref('AccountSummary') },
  'POST /admin/v1/workspaces/:id/account/credits': { response: ref('AccountSummary') },
  'PATCH /admin/v1/workspaces/:id/account/plan': { response: ref('AccountSummary') },
  'GET /admin/v1/workspaces/:id/audit_log': {
    response: ref('AuditEntryList'),
    query: [limit(50), cursor, q('action', 'Only entries of this action, e.g. `credits.granted`.', { type: 'string' })],
  },
  'POST /admin/v1/workspaces/:id/keys/:keyId/revoke': { response: ref('WorkspaceSummary') },
  'POST /admin/v1/workspaces/:id/keys/:mode/rotate': { response: ref('IssuedKey') },
  'PUT /admin/v1/workspaces/:workspaceId/webhook-endpoint': { response: ref('AdminWebhookEndpointWithSecret') },
  'GET /admin/v1/workspaces/:workspaceId/webhook-endpoint': { response: ref('AdminWebhookEndpoint') },
  'POST /admin/v1/workspaces/:workspaceId/webhook-endpoint/rotate-secret': { response: ref('AdminWebhookEndpointWithSecret') },
};
