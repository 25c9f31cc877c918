import { PUBLIC_EVENT_TYPES } from '@eh/contracts';
import type {
  AttemptRecord,
  DeliveryDetail,
  PresentedDelivery,
  PublicEventBody,
  ReplayJobResource,
  SigningSecretResource,
  WebhookEndpointResource,
} from '@eh/delivery';
import type { UsageDay } from '@eh/ledger';
import type { UsageHistoryResource } from '../../../ledger/usage-history.controller';
import { componentRef, idOf, objectOf, orNull, timestamp, type JsonSchema } from '../json-schema';
import { listEnvelopeSchema } from './list-envelope.schema';

/**
 * The public bodies (docs/dashboard-contract.md §2–§6), each typed against what its handler
 * returns. Component names are stable: the console's generated client refers to them.
 */
const text: JsonSchema = { type: 'string' };
const mode: JsonSchema = { type: 'string', enum: ['test', 'live'] };
const eventType: JsonSchema = { type: 'string', enum: [...PUBLIC_EVENT_TYPES, 'webhook.test'] };
const count: JsonSchema = { type: 'integer', minimum: 0 };

const secretTimes = objectOf<WebhookEndpointResource['secrets'][number]>({
  created_at: timestamp(),
  expires_at: orNull(timestamp('Null: the current secret; otherwise it stops signing then.')),
});

const endpointProperties = {
  object: { type: 'string', const: 'webhook_endpoint' },
  id: idOf('webhookEndpoint'),
  mode: { type: ['string', 'null'], enum: ['test', 'live', null], description: 'Null only for the admin API’s endpoint of a whole workspace.' },
  url: { type: 'string', format: 'uri' },
  enabled: { type: 'boolean' },
  enabled_events: { type: 'array', items: { type: 'string', enum: ['*', ...PUBLIC_EVENT_TYPES] }, minItems: 1 },
  description: text,
  signature_scheme: {
    type: 'string',
    enum: ['service', 'standard'],
    description: '`service`: `Service-Signature`; `standard`: Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`).',
  },
  secrets: { type: 'array', items: secretTimes, description: 'When each signing secret was made and stops signing; never the secrets.' },
  created_at: timestamp(),
  updated_at: timestamp(),
  deployment_id: {
    ...idOf('deployment'),
    description:
      'Only on an endpoint made by an A2A push notification config: it takes this deployment’s events alone, and does not count toward the 16 per mode.',
  },
  disabled_reason: {
    anyOf: [
      objectOf<NonNullable<WebhookEndpointResource['disabled_reason']>>({
        reason: { type: 'string', const: 'failing' },
        failing_since: timestamp(),
        disabled_at: timestamp(),
      }),
      { type: 'null' },
    ],
    description:
      'Set while the service keeps the endpoint disabled because every attempt to it failed for WEBHOOK_ENDPOINT_DISABLE_AFTER_SECONDS (5 days); the workspace owners are e-mailed. Enabling it again (`{"enabled": true}`) clears it. Absent on endpoints not changed since it was added.',
  },
} as const;

export const webhookEndpointSchema: JsonSchema = objectOf<WebhookEndpointResource>(endpointProperties, { optional: ['deployment_id', 'disabled_reason'] });

export const webhookEndpointWithSecretSchema: JsonSchema = objectOf<WebhookEndpointResource & { secret: string }>(
  {
    ...endpointProperties,
    secret: {
      type: 'string',
      pattern: '^whsec_([A-Za-z0-9_-]{43}|[A-Za-z0-9+/]{43}=)$',
      description:
        'Shown this once: store it to verify the signatures. In the endpoint’s scheme’s form: base64url for `service`, base64 for `standard` (what Standard Webhooks libraries read).',
    },
  },
  { description: 'The endpoint and its new signing secret, shown once.', optional: ['deployment_id', 'disabled_reason'] },
);

const deletedEndpoint = objectOf<{ object: 'webhook_endpoint'; id: string; deleted: true }>({
  object: { type: 'string', const: 'webhook_endpoint' },
  id: idOf('webhookEndpoint'),
  deleted: { type: 'boolean', const: true },
});

const signingSecret = objectOf<SigningSecretResource>({
  object: { type: 'string', const: 'webhook_signing_secret' },
  mode,
  secrets: {
    type: 'array',
    items: objectOf<SigningSecretResource['secrets'][number]>({ created_at: timestamp(), expires_at: orNull(timestamp()), revealed: { type: 'boolean' } }),
  },
  secret: { type: ['string', 'null'], description: 'The secret: only in the reveal (once) and rotate answers; null otherwise.' },
});

const attempt = objectOf<AttemptRecord>({
  attempt: { type: 'integer', minimum: 1 },
  attempted_at: timestamp(),
  status_code: { type: ['integer', 'null'], description: 'Null: no HTTP answer (timeout, network error, refused address).' },
  latency_ms: count,
  error: { type: ['string', 'null'] },
});

const deliveryProperties = {
  id: idOf('delivery'),
  object: { type: 'string', const: 'webhook_delivery' },
  status: { type: 'string', enum: ['scheduled', 'retrying', 'succeeded', 'failed', 'dead_lettered'] },
  workspace_id: idOf('workspace'),
  endpoint_id: { anyOf: [idOf('webhookEndpoint'), { type: 'null' }], description: 'Null: sent to the deployment’s `webhook_url`.' },
  url: { type: 'string', format: 'uri' },
  event_id: idOf('event'),
  event_type: eventType,
  mode: { type: ['string', 'null'], enum: ['test', 'live', null] },
  deployment_id: { type: ['string', 'null'] },
  attempts: count,
  next_attempt_at: orNull(timestamp()),
  last_attempt: orNull(attempt),
  dead_letter_reason: { type: ['string', 'null'] },
  created_at: timestamp(),
  updated_at: timestamp(),
  overdue: {
    type: 'boolean',
    description:
      'True while a scheduled attempt is more than WEBHOOK_OVERDUE_AFTER_SECONDS (60 s) past its `next_attempt_at` and not made: the service is behind. `GET …?overdue=true` lists only these.',
  },
} as const;

export const webhookDeliverySchema: JsonSchema = objectOf<PresentedDelivery>(deliveryProperties, { optional: ['overdue'] });

const deliveryDetail = objectOf<DeliveryDetail & { overdue?: boolean }>(
  {
    ...deliveryProperties,
    attempt_history: { type: 'array', items: attempt, description: 'Every attempt, oldest first.' },
    timeline: { type: 'array', items: objectOf<DeliveryDetail['timeline'][number]>({ type: text, at: timestamp() }) },
    body: { type: 'string', description: 'The exact JSON text sent on every attempt.' },
  },
  { optional: ['overdue'] },
);

const replay = objectOf<ReplayJobResource>({
  object: { type: 'string', const: 'webhook_replay' },
  id: idOf('webhookReplay'),
  mode,
  status: { type: 'string', enum: ['running', 'completed'] },
  matched: count,
  replayed: count,
  skipped: { ...count, description: 'No longer dead-lettered when its turn came.' },
  filter: { type: 'object', additionalProperties: { type: 'string' } },
  created_at: timestamp(),
  completed_at: orNull(timestamp()),
});

const event = objectOf<PublicEventBody>({
  id: idOf('event'),
  object: { type: 'string', const: 'event' },
  type: { type: 'string', enum: [...PUBLIC_EVENT_TYPES] },
  created_at: timestamp(),
  sequence: { ...count, description: 'The event’s revision in its stream: apply an event only if it is higher than the last applied.' },
  data: objectOf<PublicEventBody['data']>({ object: { description: 'The deployment (or handoff, or usage figures) as right after the event.' } }),
  metadata: { type: 'object', description: 'The deployment’s metadata.' },
});

const usageHistory = objectOf<UsageHistoryResource>({
  object: { type: 'string', const: 'usage_history' },
  days: { type: 'array', items: objectOf<UsageDay>({ date: { type: 'string', format: 'date' }, credits_charged: count, deployments_completed: count }) },
});

/** Components of the public document. */
export const DASHBOARD_SCHEMAS: Record<string, JsonSchema> = {
  WebhookEndpoint: webhookEndpointSchema,
  WebhookEndpointWithSecret: webhookEndpointWithSecretSchema,
  WebhookEndpointList: listEnvelopeSchema(componentRef('WebhookEndpoint'), 'Every endpoint of the workspace and mode, oldest first.'),
  DeletedWebhookEndpoint: deletedEndpoint,
  WebhookSigningSecret: signingSecret,
  WebhookDelivery: webhookDeliverySchema,
  WebhookDeliveryDetail: deliveryDetail,
  WebhookDeliveryList: listEnvelopeSchema(componentRef('WebhookDelivery'), 'A page of deliveries, newest first.'),
  WebhookReplay: replay,
  Event: event,
  EventList: listEnvelopeSchema(componentRef('Event'), 'A deployment’s public events, oldest first.'),
  WorkspaceEventList: listEnvelopeSchema(componentRef('Event'), 'The workspace’s public events of the mode, newest first.'),
  UsageHistory: usageHistory,
};
