import { MEMBER_ROLES, type Actor } from '@eh/contracts';
import type { RoutingHistory } from '@eh/deployments';
import type { ApiKeyResource, AuditEntry, AuditTarget, LimitRequestResource } from '@eh/workspaces';
import type { MemberResource } from '../../../workspaces/members.controller';
import type { WorkspaceResource } from '../../../workspaces/workspace.controller';
import { componentRef, idOf, objectOf, orNull, timestamp, type JsonSchema } from '../json-schema';
import { listEnvelopeSchema } from '../schemas/list-envelope.schema';

/** Bodies of the dashboard's /console/api/v1 routes, typed against their handlers' answers. */
const text: JsonSchema = { type: 'string' };
const mode: JsonSchema = { type: 'string', enum: ['test', 'live'] };
const role: JsonSchema = { type: 'string', enum: [...MEMBER_ROLES] };

const actor = objectOf<Actor>({
  kind: { type: 'string', enum: ['member', 'operator', 'admin', 'api_key', 'system'] },
  id: { type: ['string', 'null'] },
  label: text,
});

const workspace = objectOf<WorkspaceResource>({
  object: { type: 'string', const: 'workspace' },
  id: idOf('workspace'),
  name: text,
  created_at: timestamp(),
  role,
  plan: objectOf<WorkspaceResource['plan']>({
    name: text,
    cycle_cap_credits: { type: 'integer', minimum: 0 },
    cycle_days: { type: 'number' },
    in_flight_limit: { type: 'integer', minimum: 0 },
  }),
  plan_customised: { type: 'boolean', description: "The plan's figures differ from those of the preset it is named after." },
  in_flight: { type: 'integer', minimum: 0 },
});

const member = objectOf<MemberResource>({
  object: { type: 'string', const: 'member' },
  id: idOf('member'),
  email: { type: 'string', format: 'email' },
  name: text,
  role,
  joined_at: timestamp(),
});

const invitationProperties = {
  object: { type: 'string', const: 'member_invitation' },
  id: idOf('memberInvitation'),
  email: { type: 'string', format: 'email' },
  role,
  expires_at: timestamp(),
  created_at: timestamp(),
} as const;

const apiKeyProperties = {
  object: { type: 'string', const: 'api_key' },
  id: idOf('apiKey'),
  mode,
  name: text,
  prefix: { type: 'string', enum: ['svc_test_', 'svc_live_'] },
  last4: text,
  created_at: timestamp(),
  last_used_at: orNull(timestamp('At most a minute behind.')),
  revoked_at: orNull(timestamp()),
} as const;

const auditEntry = objectOf<AuditEntry>({
  object: { type: 'string', const: 'audit_entry' },
  id: idOf('event'),
  workspace_id: idOf('workspace'),
  action: text,
  actor,
  target: objectOf<AuditTarget>({ kind: text, id: { type: ['string', 'null'] }, label: { type: ['string', 'null'] } }),
  mode: { type: ['string', 'null'], enum: ['test', 'live', null] },
  occurred_at: timestamp(),
});

const limitRequest = objectOf<LimitRequestResource>({
  object: { type: 'string', const: 'limit_request' },
  id: idOf('limitRequest'),
  workspace_id: idOf('workspace'),
  current_in_flight_limit: { type: 'integer', minimum: 0 },
  requested_in_flight_limit: { type: 'integer', minimum: 1 },
  reason: text,
  status: { type: 'string', enum: ['open', 'granted', 'declined'] },
  requested_by: actor,
  created_at: timestamp(),
  resolved_at: orNull(timestamp()),
  resolution_note: { type: ['string', 'null'] },
});

const routingStep: JsonSchema = {
  type: 'object',
  description:
    'One step of the routing: `offered` (with `offer_number`, `expires_at`), `declined` (with the expert’s `reason`), `offer_expired`, and `routing_started`, `accepted`, `cancelled`, `expired`. Experts who passed are not named.',
  required: ['kind', 'at'],
  properties: {
    kind: { type: 'string', enum: ['routing_started', 'offered', 'declined', 'offer_expired', 'accepted', 'cancelled', 'expired'] },
    at: timestamp(),
    offer_number: { type: 'integer', minimum: 1 },
    expires_at: timestamp(),
    reason: text,
  },
  additionalProperties: false,
};

const routingHistory = objectOf<RoutingHistory>({
  object: { type: 'string', const: 'routing_history' },
  deployment_id: idOf('deployment'),
  steps: { type: 'array', items: routingStep, description: 'In the order they happened.' },
});

export const DASHBOARD_CONSOLE_SCHEMAS: Record<string, JsonSchema> = {
  Workspace: workspace,
  Member: member,
  MemberList: listEnvelopeSchema(componentRef('Member'), 'The team, by joining date.'),
  DeletedMember: objectOf<{ object: 'member'; id: string; deleted: true }>({
    object: { type: 'string', const: 'member' },
    id: idOf('member'),
    deleted: { type: 'boolean', const: true },
  }),
  MemberInvitation: objectOf<typeof invitationProperties>(invitationProperties),
  MemberInvitationWithLink: objectOf<typeof invitationProperties & { url: string }>({
    ...invitationProperties,
    url: { type: 'string', format: 'uri', description: 'The one-time link, shown this once.' },
  }),
  MemberInvitationList: listEnvelopeSchema(componentRef('MemberInvitation'), 'Open invitations.'),
  DeletedMemberInvitation: objectOf<{ object: 'member_invitation'; id: string; deleted: true }>({
    object: { type: 'string', const: 'member_invitation' },
    id: idOf('memberInvitation'),
    deleted: { type: 'boolean', const: true },
  }),
  ApiKey: objectOf<ApiKeyResource>(apiKeyProperties),
  ApiKeyWithSecret: objectOf<ApiKeyResource & { key: string }>({
    ...apiKeyProperties,
    key: { type: 'string', pattern: '^svc_(test|live)_[0-9A-Za-z]{32}$', description: 'Shown this once.' },
  }),
  ApiKeyList: listEnvelopeSchema(componentRef('ApiKey'), 'Keys of the mode, newest first.'),
  AuditEntry: auditEntry,
  AuditEntryList: listEnvelopeSchema(componentRef('AuditEntry'), 'Changes, newest first.'),
  LimitRequest: limitRequest,
  LimitRequestList: listEnvelopeSchema(componentRef('LimitRequest'), 'Requests, newest first.'),
  RoutingHistory: routingHistory,
};
