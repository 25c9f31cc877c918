import { URGENCIES, type ExpertRef, type KeyMode } from '@eh/contracts';
import type { DeploymentQuote } from '../../../deployments/deployment-quote';
import { idOf, objectOf, orNull, timestamp, type JsonSchema } from '../json-schema';

const expertRef = objectOf<ExpertRef>({ id: idOf('expert'), name: { type: 'string' }, role: { type: 'string' } });
const seconds = (description: string): JsonSchema => orNull({ type: 'integer', minimum: 0, description });

/** The answer of POST /v1/deployments/quote, typed against DeploymentQuote. */
export const deploymentQuoteSchema: JsonSchema = objectOf<DeploymentQuote>(
  {
    object: { type: 'string', const: 'deployment_quote' },
    mode: { type: 'string', enum: ['test', 'live'] satisfies KeyMode[] },
    available: {
      type: 'boolean',
      description: 'Whether a create with this body would find an expert now; false means create answers 422 `expert_unavailable`.',
    },
    unavailable_reason: orNull({ type: 'string', description: 'Why no expert is available; null when one is.' }),
    urgency: { type: 'string', enum: [...URGENCIES] },
    skills: { type: 'array', items: { type: 'string' } },
    candidate_count: { type: 'integer', minimum: 0, description: 'Online experts covering at least one of the skills (1 in test mode: the synthesizer).' },
    expert: orNull({ ...expertRef, description: 'The expert the deployment would be offered to first; null when none is available.' }),
    credits_reserved: { type: 'integer', minimum: 0, description: 'What a create would reserve now (0 in test mode and when unavailable).' },
    sla_deadline: timestamp('The acceptance deadline a create would set.'),
    estimated_acceptance_seconds: seconds('From now until the first expert accepts, at most one offer window after routing starts and never past the SLA.'),
    estimated_completion_seconds: seconds('From now until the output: acceptance plus the expert’s median turnaround.'),
    quoted_at: timestamp(),
  },
  { description: 'What a create with the same body would do now; nothing is created or reserved.' },
);
