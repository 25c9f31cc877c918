import { AVAILABILITIES } from '@eh/contracts';
import type { RosterEntry } from '@eh/routing';
import { idOf, objectOf, type JsonSchema } from '../json-schema';

/** An expert roster entry, as GET /v1/experts returns it (typed against RosterEntry). */
export const expertSchema: JsonSchema = objectOf<RosterEntry>({
  id: idOf('expert'),
  name: { type: 'string' },
  role: { type: 'string' },
  skills: { type: 'array', items: { type: 'string' }, description: 'Tags usable in `skills` on create.' },
  tenure_years: { type: 'integer', minimum: 0 },
  median_turnaround_minutes: { type: 'integer', minimum: 0 },
  // New values are added at the end, a change that is not breaking; clients must tolerate them.
  availability: { type: 'string', enum: [...AVAILABILITIES] },
  rate_credits_per_hour: { type: 'integer', minimum: 0 },
});
