import { AVAILABILITIES, type AccountPlan, type Availability, type ExpertProfile } from '@eh/contracts';
import type { AccountSummary } from '@eh/ledger';
import type { AdminExpertEntry, AdminRosterEntry, ExpertConsoleAccess, ExpertInvitation, RegisteredExpert, RosterEntry } from '@eh/routing';
import type { CreatedWorkspace, IssuedKey, WorkspaceSummary } from '@eh/workspaces';
import type { OperatorListEntry } from '@eh/identity';
import type { BulkReplayResult, EndpointWithSecret, WebhookEndpointView } from '@eh/delivery';
import type { CreatedWorkspaceWithOwner, WorkspaceListItem } from '../../../workspaces/admin-workspaces.controller';
import { componentRef, idOf, objectOf, orNull, timestamp, type JsonSchema, type PropertiesOf } from '../json-schema';
import { DASHBOARD_CONSOLE_SCHEMAS } from '../expert/dashboard-console.schemas';
import { webhookDeliverySchema, DASHBOARD_SCHEMAS } from '../schemas/dashboard.schema';
import { deploymentSchema, outputSchema } from '../schemas/deployment.schema';
import { expertSchema } from '../schemas/expert.schema';
import { listEnvelopeSchema } from '../schemas/list-envelope.schema';
import type { NotificationSendView } from '@eh/notifications';

/**
 * The answers of `/admin/v1`, typed against what each handler returns, so the console's
 * operations pages use generated types like every other page. Names are stable (the console refers
 * to them); the shapes shared with the public or console documents are the same schemas.
 */
const text: JsonSchema = { type: 'string' };
const count: JsonSchema = { type: 'integer', minimum: 0 };
const mode: JsonSchema = { type: 'string', enum: ['test', 'live'] };
const email: JsonSchema = { type: 'string', format: 'email' };
const oneTimeLink: JsonSchema = { type: 'string', format: 'uri', description: 'The one-time invitation link, shown this once.' };

const expertProperties = {
  ...(expertSchema.properties as PropertiesOf<RosterEntry>),
  available_until: {
    type: ['string', 'null'],
    format: 'date-time',
    description: '`online` ends at this time (routing treats the expert as offline past it); null: no end.',
  },
  retired: { type: 'boolean' },
  credential_last4: { type: ['string', 'null'], description: 'The last 4 characters of the expert’s credential; null for experts added before it was kept.' },
};
const consoleAccess = objectOf<ExpertConsoleAccess>(
  {
    email,
    status: { type: 'string', enum: ['invited', 'active'], description: '`invited`: an open invitation; `active`: the expert accepted one and signs in.' },
  },
  { description: 'The expert’s console access; null when never invited (or the invitation lapsed).' },
);

/** The fields `parseExpertProfile` reads (libs/roster: the same bounds). */
const profileProperties = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  role: { type: 'string', minLength: 1, maxLength: 200 },
  skills: { type: 'array', items: { type: 'string', pattern: '^[a-z0-9][a-z0-9+#._-]{0,63}$' }, minItems: 1, maxItems: 20 },
  tenure_years: { type: 'integer', minimum: 0, maximum: 80 },
  median_turnaround_minutes: { type: 'integer', minimum: 1, maximum: 10080 },
  rate_credits_per_hour: { type: 'integer', minimum: 0, maximum: 100000 },
} as const;
const availability: JsonSchema = { type: 'string', enum: [...AVAILABILITIES] };

/** One notification on one channel (and, for push, one browser). */
const notificationSend = objectOf<NotificationSendView>({
  object: { type: 'string', const: 'notification_send' },
  notification_id: { type: 'string', description: '`offer:dep_…:<n>`, `reply:dep_…` or `cancelled:dep_…`: the same on every channel and retry.' },
  kind: { type: 'string', enum: ['offer', 'reply', 'cancelled'] },
  channel: { type: 'string', enum: ['email', 'push'] },
  subscription_id: { type: ['string', 'null'], description: 'The push subscription; null for e-mail.' },
  deployment_id: idOf('deployment'),
  offer_number: { type: ['integer', 'null'] },
  status: {
    type: 'string',
    enum: ['pending', 'sending', 'retrying', 'sent', 'failed', 'skipped', 'gone'],
    description: '`skipped`: the offer had ended before it could go out; `gone`: the push subscription no longer exists.',
  },
  attempts: count,
  last_error: { type: ['string', 'null'] },
  created_at: timestamp(),
  sent_at: orNull(timestamp()),
});

const plan = objectOf<AccountPlan>({ name: text, cycle_cap_credits: count, cycle_days: { type: 'number', exclusiveMinimum: 0 }, in_flight_limit: count });

const account = objectOf<AccountSummary>({
  workspace_id: idOf('workspace'),
  opened: { type: 'boolean', description: 'False until the account’s first plan or grant.' },
  plan: orNull(componentRef('AccountPlan')),
  cycle_start: orNull(timestamp()),
  cycle_end: orNull(timestamp()),
  credits_remaining: count,
  allowance: count,
  topup: count,
  credits_reserved: count,
  charged_this_cycle: count,
  deployments_this_cycle: count,
  thresholds_reached: { type: 'array', items: { type: 'integer', enum: [50, 80, 95] } },
  reservations: {
    type: 'array',
    items: objectOf<AccountSummary['reservations'][number]>({ deployment_id: text, amount: count, confirmed: { type: 'boolean' }, expires_at: timestamp() }),
  },
});

const keyMetadata = objectOf<WorkspaceSummary['keys'][number]>({
  key_id: idOf('apiKey'),
  mode,
  last4: text,
  issued_at: timestamp(),
  revoked_at: orNull(timestamp()),
});
const workspaceListItem = objectOf<WorkspaceListItem>({
  id: idOf('workspace'),
  name: text,
  created_at: timestamp(),
  credits_remaining: { ...orNull(count), description: 'Credits left to spend (allowance and top-ups); null until the account opens.' },
  plan: { ...orNull(text), description: 'The name of the account’s plan; null until the account opens.' },
});
const keyPair = objectOf<CreatedWorkspace['keys']>({
  test: { type: 'string', description: 'Shown this once.' },
  live: { type: 'string', description: 'Shown this once.' },
});

const adminEndpoint = objectOf<WebhookEndpointView>({
  object: { type: 'string', const: 'webhook_endpoint' },
  id: text,
  workspace_id: idOf('workspace'),
  url: { type: 'string', format: 'uri' },
  secrets: { type: 'array', items: objectOf<WebhookEndpointView['secrets'][number]>({ created_at: timestamp(), expires_at: orNull(timestamp()) }) },
  registered_at: timestamp(),
  updated_at: timestamp(),
});

export const ADMIN_SCHEMAS: Record<string, JsonSchema> = {
  AdminExpertEntry: objectOf<AdminExpertEntry>(expertProperties),
  AdminRosterEntry: objectOf<AdminRosterEntry>({
    ...expertProperties,
    console: orNull(consoleAccess),
    ratings: {
      ...objectOf<AdminRosterEntry['ratings']>({ mean: { type: ['number', 'null'], minimum: 1, maximum: 5 }, count: { type: 'integer', minimum: 0 } }),
      description: 'Agents’ ratings (1–5) of the expert’s completed live work, every workspace together: the mean, null with none, and how many.',
    },
  }),
  AdminRosterList: listEnvelopeSchema(componentRef('AdminRosterEntry'), 'Every expert, active ones first, each group by name.'),
  RosterEntry: expertSchema,
  ExpertProfileInput: {
    ...objectOf<ExpertProfile & { availability?: Availability }>(
      {
        ...profileProperties,
        availability: {
          ...availability,
          description: 'Where the expert starts; `offline` (no live offers) when left out. Set `online` once they use the console.',
        },
      },
      { optional: ['availability'] },
    ),
    additionalProperties: false,
  },
  ExpertProfileChanges: {
    type: 'object',
    properties: profileProperties,
    minProperties: 1,
    additionalProperties: false,
    description: 'Any of the profile’s fields.',
  },
  AvailabilityChange: { ...objectOf<{ availability: Availability }>({ availability }), additionalProperties: false },
  RegisteredExpert: objectOf<RegisteredExpert>({
    expert: componentRef('RosterEntry'),
    credential: { type: 'string', description: '`svc_expert_…`, shown this once.' },
  }),
  RetiredExpert: objectOf<{ id: string; retired: true }>({ id: idOf('expert'), retired: { type: 'boolean', const: true } }),
  ExpertInvitation: objectOf<ExpertInvitation>({
    object: { type: 'string', const: 'invitation' },
    expert_id: idOf('expert'),
    email,
    url: oneTimeLink,
    expires_at: timestamp(),
  }),
  OperatorInvitation: objectOf<{ object: 'operator_invitation'; operator_id: string; email: string; url: string; expires_at: string }>({
    object: { type: 'string', const: 'operator_invitation' },
    operator_id: text,
    email,
    url: oneTimeLink,
    expires_at: timestamp(),
  }),
  OperatorList: objectOf<{ object: 'list'; data: OperatorListEntry[] }>({
    object: { type: 'string', const: 'list' },
    data: {
      type: 'array',
      items: objectOf<OperatorListEntry>({
        object: { type: 'string', const: 'operator' },
        id: idOf('operator'),
        email,
        name: text,
        status: {
          type: 'string',
          enum: ['invited', 'active', 'removed'],
          description: '`invited`: a link is out, no password works; `active`: signs in; `removed`: offboarded.',
        },
        joined_at: orNull(timestamp()),
        removed_at: orNull(timestamp()),
      }),
    },
  }),
  RemovedOperator: objectOf<{ id: string; removed: true; sessions_ended: number }>({
    id: idOf('operator'),
    removed: { type: 'boolean', const: true },
    sessions_ended: count,
  }),
  EndedOperatorSessions: objectOf<{ id: string; sessions_ended: number }>({ id: idOf('operator'), sessions_ended: count }),
  AccountPlan: plan,
  AccountPlanList: objectOf<{ object: 'list'; data: AccountPlan[] }>(
    { object: { type: 'string', const: 'list' }, data: { type: 'array', items: componentRef('AccountPlan') } },
    { description: 'The plan presets.' },
  ),
  AccountSummary: account,
  WorkspaceSummary: objectOf<WorkspaceSummary>({ id: idOf('workspace'), name: text, created_at: timestamp(), keys: { type: 'array', items: keyMetadata } }),
  WorkspaceListItem: workspaceListItem,
  WorkspaceList: listEnvelopeSchema(componentRef('WorkspaceListItem'), 'Workspaces, newest first.'),
  CreatedWorkspace: objectOf<CreatedWorkspaceWithOwner>({
    id: idOf('workspace'),
    name: text,
    created_at: timestamp(),
    keys: keyPair,
    owner_invitation: orNull(objectOf<NonNullable<CreatedWorkspaceWithOwner['owner_invitation']>>({ email, url: oneTimeLink, expires_at: timestamp() })),
  }),
  IssuedKey: objectOf<IssuedKey>({
    key_id: idOf('apiKey'),
    mode,
    key: { type: 'string', description: 'Shown this once.' },
    revoked_key_ids: { type: 'array', items: idOf('apiKey') },
  }),
  AdminWebhookEndpoint: adminEndpoint,
  AdminWebhookEndpointWithSecret: objectOf<EndpointWithSecret>({
    endpoint: componentRef('AdminWebhookEndpoint'),
    secret: { type: ['string', 'null'], description: 'Shown once: on the first registration and on rotation; null when only the URL was replaced.' },
    created: { type: 'boolean' },
  }),
  AdminDelivery: webhookDeliverySchema,
  AdminDeliveryDetail: DASHBOARD_SCHEMAS.WebhookDeliveryDetail,
  NotificationSend: notificationSend,
  NotificationSendList: listEnvelopeSchema(componentRef('NotificationSend'), 'What was sent to the expert, newest first.'),
  AdminDeliveryList: listEnvelopeSchema(componentRef('AdminDelivery'), 'Deliveries of every workspace, newest first.'),
  BulkReplayResult: objectOf<{ object: 'bulk_replay' } & BulkReplayResult>({
    object: { type: 'string', const: 'bulk_replay' },
    matched: count,
    replayed: count,
    skipped: count,
  }),
  LimitRequest: DASHBOARD_CONSOLE_SCHEMAS.LimitRequest,
  AuditEntry: DASHBOARD_CONSOLE_SCHEMAS.AuditEntry,
  AuditEntryList: DASHBOARD_CONSOLE_SCHEMAS.AuditEntryList,
  LimitRequestList: listEnvelopeSchema(componentRef('LimitRequest'), 'Requests, newest first.'),
  Deployment: deploymentSchema,
  Output: outputSchema,
};
