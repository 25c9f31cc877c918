import { HANDOFF_POLICIES, HANDOFF_ROUTES, HANDOFF_STATUSES, URGENCIES, type HandoffContext } from '@eh/contracts';
import type { HandoffResource } from '@eh/handoffs';
import { componentRef, idOf, objectOf, orNull, timestamp, type JsonSchema } from '../json-schema';
import { metadataSchema } from './deployment.schema';

const context = objectOf<HandoffContext>({
  goal: { type: 'string' },
  files: { type: 'array', items: { type: 'string' } },
  memory_keys: { type: 'array', items: { type: 'string' } },
});

/**
 * The handoff object (with what this service adds), typed against
 * HandoffResource. Its `output` has the deployment output's shape, so it refers to it.
 */
export const handoffSchema: JsonSchema = objectOf<HandoffResource>(
  {
    id: idOf('handoff'),
    object: { type: 'string', const: 'handoff' },
    status: { type: 'string', enum: [...HANDOFF_STATUSES] },
    surface: { type: 'string' },
    artifact: { type: 'string', description: 'The `return` name of the request.' },
    expert: orNull({ ...idOf('expert'), description: 'The assigned expert; null until one accepts.' }),
    comments: { type: 'integer', minimum: 0 },
    memory_event: { type: 'boolean', description: 'Whether the delivered artifact was saved as a memory entry.' },
    outcome: { type: 'string' },
    route: { type: 'string', enum: [...HANDOFF_ROUTES] },
    trigger: { type: ['string', 'null'] },
    policy: { type: 'string', enum: [...HANDOFF_POLICIES] },
    context,
    skills: { type: 'array', items: { type: 'string' } },
    urgency: { type: 'string', enum: [...URGENCIES] },
    deployment_id: idOf('deployment'),
    question: { type: ['string', 'null'], description: 'The open question while `needs_input`.' },
    output: orNull(componentRef('Output')),
    memory_entry_key: { type: ['string', 'null'] },
    metadata: metadataSchema,
    created_at: timestamp(),
    updated_at: timestamp(),
    ready_at: timestamp('Present once ready.'),
  },
  { optional: ['ready_at'] },
);
