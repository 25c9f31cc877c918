import { DEPLOYMENT_STATUSES, URGENCIES, type Attachment, type CancelledBy, type ExpertRef, type ExpiryReason, type Output } from '@eh/contracts';
import type { DeploymentCancellation, DeploymentExpiry, DeploymentQuestion, DeploymentReply, DeploymentResource } from '@eh/deployments';
import { METADATA_LIMITS } from '../../../http/is-flat-metadata.validator';
import { componentRef, enumOf, idOf, objectOf, orNull, timestamp, type JsonSchema } from '../json-schema';

/**
 * The deployment object (with the fields docs/decisions.md adds),
 * exactly what `toDeploymentResource` returns. Typed against DeploymentResource, so a new field
 * fails the type check here until it is documented.
 */

const httpsUrl: JsonSchema = { type: 'string', format: 'uri', maxLength: 2048 };
const credits: JsonSchema = { type: 'integer', minimum: 0 };

/** Flat key/value pairs, returned unchanged (limits: docs/decisions.md "REST surface"). */
export const metadataSchema: JsonSchema = {
  type: 'object',
  description: 'Caller key/value pairs, flat, returned unchanged and on every webhook.',
  maxProperties: METADATA_LIMITS.keys,
  propertyNames: { minLength: 1, maxLength: METADATA_LIMITS.keyLength },
  additionalProperties: { anyOf: [{ type: 'string', maxLength: METADATA_LIMITS.valueLength }, { type: 'number' }, { type: 'boolean' }] },
};

const expertRef = objectOf<ExpertRef>({ id: idOf('expert'), name: { type: 'string' }, role: { type: 'string' } });

// `attachment_id` lives on events only; responses show the file by its signed URL.
const attachment = objectOf<Omit<Attachment, 'attachment_id'>>({
  name: { type: 'string' },
  url: {
    type: 'string',
    format: 'uri',
    description: 'A signed URL. Files the expert uploaded are served by `GET /v1/attachments/{id}/content`, valid for 24 hours from the read.',
  },
  content_type: { type: 'string' },
  size_bytes: { type: 'integer', minimum: 0 },
});

/** The expert's output; handoffs deliver the same shape. */
export const outputSchema = objectOf<Output>(
  {
    format: { type: 'string', enum: ['markdown'] },
    body: { type: 'string', description: 'Markdown text.' },
    attachments: { type: 'array', items: attachment },
    data: {
      type: 'object',
      additionalProperties: true,
      description: 'The typed answer, valid against the deployment’s `output_schema`; present only on deployments created with one.',
    },
  },
  { optional: ['data'] },
);

const question = objectOf<DeploymentQuestion>({ body: { type: 'string' }, asked_at: timestamp(), reply_deadline: timestamp() });
const reply = objectOf<DeploymentReply>({ body: { type: 'string' }, replied_at: timestamp() });
const cancellation = objectOf<DeploymentCancellation>({
  cancelled_by: { type: 'string', enum: enumOf<CancelledBy>({ agent: true, expert: true, operations: true }) },
  reason: { type: 'string', description: 'Empty when none was given.' },
  cancelled_at: timestamp(),
});
const expiry = objectOf<DeploymentExpiry>({
  reason: { type: 'string', enum: enumOf<ExpiryReason>({ not_accepted: true, question_unanswered: true }) },
  expired_at: timestamp(),
});

/** Present once completed, absent (not null) before. */
const SETTLED = ['credits_charged', 'duration_seconds', 'completed_at'] as const;

export const deploymentSchema: JsonSchema = {
  ...objectOf<DeploymentResource>(
    {
      id: idOf('deployment'),
      status: { type: 'string', enum: [...DEPLOYMENT_STATUSES] },
      brief: { type: 'string' },
      skills: { type: 'array', items: { type: 'string' } },
      urgency: { type: 'string', enum: [...URGENCIES] },
      sla_deadline: timestamp('Acceptance deadline; past it a pending deployment expires.'),
      credits_reserved: credits,
      expert: orNull({ ...expertRef, description: 'Null until an expert accepts.' }),
      output: { ...orNull(componentRef('Output')), description: 'Null until completed; the partial output of a cancelled deployment when one was attached.' },
      metadata: metadataSchema,
      created_at: timestamp(),
      updated_at: timestamp(),
      context_url: orNull(httpsUrl),
      context_files: { type: 'array', items: httpsUrl },
      scheduled_for: orNull(timestamp()),
      webhook_url: orNull(httpsUrl),
      question: orNull({ ...question, description: 'The expert’s clarifying question, from needs_input on.' }),
      reply: orNull({ ...reply, description: 'The agent’s answer to the question.' }),
      cancellation: orNull(cancellation),
      expiry: orNull(expiry),
      credits_charged: { ...credits, description: 'Settled billing; present once completed.' },
      duration_seconds: { type: 'integer', minimum: 0, description: 'Present once completed.' },
      completed_at: timestamp('Present once completed.'),
      output_schema: {
        type: 'object',
        additionalProperties: true,
        description: 'The JSON Schema (2020-12) given on create for the answer’s `output.data`; present only when one was given.',
      },
      follow_up_to: { ...idOf('deployment'), description: 'The completed deployment this one follows up (given on create); present only on follow-ups.' },
      follow_ups: {
        type: 'array',
        items: idOf('deployment'),
        description: 'The deployments that follow this one up, oldest first; on `GET /v1/deployments/{id}` only, when there are some.',
      },
      feedback: {
        ...objectOf<NonNullable<DeploymentResource['feedback']>>({
          rating: { type: 'integer', minimum: 1, maximum: 5 },
          comment: orNull({ type: 'string' }),
          given_at: timestamp(),
        }),
        description: 'Your rating of the completed work (`POST /v1/deployments/{id}/feedback`); present once given.',
      },
    },
    { optional: [...SETTLED, 'output_schema', 'feedback', 'follow_up_to', 'follow_ups'] },
  ),
  // The settled fields appear exactly when the deployment is completed.
  if: { properties: { status: { const: 'completed' } } },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else keyword, in a plain object that is never awaited
  then: { required: [...SETTLED] },
  else: { not: { anyOf: SETTLED.map((name) => ({ required: [name] })) } },
};
