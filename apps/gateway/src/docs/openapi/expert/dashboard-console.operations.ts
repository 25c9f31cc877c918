import type { ErrorCode } from '@eh/contracts';
import { componentRef, idOf, type JsonSchema } from '../json-schema';
import type { ExpertOperationDoc } from './expert-operations';

const q = (name: string, description: string, schema: JsonSchema): JsonSchema => ({ name, in: 'query', required: false, description, schema });
/** Required by the route (400 without it); optional in the document, as the console's client middleware sets it on every call. */
const serviceMode: JsonSchema = { name: 'Service-Mode', in: 'header', required: false, description: 'Required: the mode whose keys these are (400 naming `Service-Mode` without it).', schema: { type: 'string', enum: ['test', 'live'] } };
const owner: ErrorCode[] = ['permission_denied'];
const post: ErrorCode[] = ['idempotency_conflict'];

/** The workspace dashboard's own routes under /console/api/v1 (a member's session cookie). */
export const DASHBOARD_CONSOLE_OPERATIONS: Record<string, ExpertOperationDoc> = {
  'GET /console/api/v1/workspace': {
    operationId: 'getWorkspace',
    tag: 'Workspace',
    summary: 'The workspace, your role, the plan’s limits',
    response: componentRef('Workspace'),
  },
  'GET /console/api/v1/deployments/:id/routing': {
    operationId: 'getRoutingHistory',
    tag: 'Workspace',
    summary: 'How a deployment is being routed',
    description: 'Each offer and how it ended (declined with the reason, timed out, accepted), in order: why a pending deployment still waits. 404 naming `id` for another workspace’s or mode’s.',
    response: componentRef('RoutingHistory'),
    pathParams: { id: idOf('deployment') },
    query: [serviceMode],
  },
  'GET /console/api/v1/members': { operationId: 'listMembers', tag: 'Workspace', summary: 'The team (owners only)', response: componentRef('MemberList'), errors: owner },
  'POST /console/api/v1/members/invitations': {
    operationId: 'inviteMember',
    tag: 'Workspace',
    summary: 'Invite a member (owners only)',
    description: 'A one-time link in `url`, shown once, expiring after 72 h. An email already signing in to the console (in any workspace, or as an expert or operator) is 400 naming `email`.',
    response: componentRef('MemberInvitationWithLink'),
    errors: [...owner, ...post],
  },
  'GET /console/api/v1/members/invitations': { operationId: 'listMemberInvitations', tag: 'Workspace', summary: 'Open invitations (owners only)', response: componentRef('MemberInvitationList'), errors: owner },
  'DELETE /console/api/v1/members/invitations/:id': {
    operationId: 'revokeMemberInvitation',
    tag: 'Workspace',
    summary: 'Revoke an invitation (owners only)',
    response: componentRef('DeletedMemberInvitation'),
    pathParams: { id: idOf('memberInvitation') },
    errors: owner,
  },
  'POST /console/api/v1/members/:id': {
    operationId: 'changeMemberRole',
    tag: 'Workspace',
    summary: 'Change a member’s role (owners only)',
    description: 'The last owner cannot become a developer (409 `last_owner`).',
    response: componentRef('Member'),
    pathParams: { id: idOf('member') },
    errors: [...owner, 'last_owner', ...post],
  },
  'DELETE /console/api/v1/members/:id': {
    operationId: 'removeMember',
    tag: 'Workspace',
    summary: 'Remove a member (owners only)',
    description: 'Ends their sessions at once. The last owner cannot be removed (409 `last_owner`).',
    response: componentRef('DeletedMember'),
    pathParams: { id: idOf('member') },
    errors: [...owner, 'last_owner'],
  },
  'GET /console/api/v1/api_keys': { operationId: 'listApiKeys', tag: 'Workspace', summary: 'API keys of the mode', description: 'Newest first, revoked ones included.', response: componentRef('ApiKeyList'), query: [serviceMode] },
  'POST /console/api/v1/api_keys': {
    operationId: 'createApiKey',
    tag: 'Workspace',
    summary: 'Create an API key of the mode',
    description: 'The key is in `key`, shown this once. At most 20 active keys per mode (409 `api_key_limit_reached`).',
    response: componentRef('ApiKeyWithSecret'),
    query: [serviceMode],
    errors: ['api_key_limit_reached', ...post],
  },
  'POST /console/api/v1/api_keys/:id/revoke': {
    operationId: 'revokeApiKey',
    tag: 'Workspace',
    summary: 'Revoke an API key',
    description: 'At once, on every replica. Revoking a revoked key changes nothing. Another mode’s key is 404.',
    response: componentRef('ApiKey'),
    pathParams: { id: idOf('apiKey') },
    query: [serviceMode],
    errors: post,
  },
  'GET /console/api/v1/audit_log': {
    operationId: 'listAuditLog',
    tag: 'Workspace',
    summary: 'The audit log (owners only)',
    description: 'Every change to keys, endpoints, signing secrets, members, plan and credits, newest first.',
    response: componentRef('AuditEntryList'),
    query: [q('limit', '1 to 100.', { type: 'integer', minimum: 1, maximum: 100, default: 50 }), q('cursor', 'The `next` of the previous page.', { type: 'string' }), q('action', 'One action, e.g. `api_key.created`.', { type: 'string' })],
    errors: owner,
  },
  'GET /console/api/v1/limit_requests': { operationId: 'listLimitRequests', tag: 'Workspace', summary: 'Requests to raise the in-flight limit', response: componentRef('LimitRequestList') },
  'POST /console/api/v1/limit_requests': {
    operationId: 'createLimitRequest',
    tag: 'Workspace',
    summary: 'Ask operations to raise the in-flight limit (owners only)',
    description: '`in_flight_limit` must be above the current one (at most 10,000); `reason` 1 to 1,000 characters.',
    response: componentRef('LimitRequest'),
    errors: [...owner, ...post],
  },
};
