import { AVAILABILITIES, DomainError, type Availability, type ExpertProfile } from '@eh/contracts';

/** The same tag rule as a deployment's `skills` (docs/decisions.md "REST surface"), so every roster tag is requestable. */
export const SKILL_TAG = /^[a-z0-9][a-z0-9+#._-]{0,63}$/;

/** Bounds of each numeric field (docs/decisions.md "Router"). */
const BOUNDS: Record<'tenure_years' | 'median_turnaround_minutes' | 'rate_credits_per_hour', [number, number]> = {
  tenure_years: [0, 80],
  median_turnaround_minutes: [1, 7 * 24 * 60],
  rate_credits_per_hour: [0, 100_000],
};

const invalid = (field: string, message: string): DomainError => new DomainError('invalid_request', `${field} ${message}`, field);

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 200) throw invalid(field, 'must be a string of 1 to 200 characters');
  return value.trim();
}

function integer(value: unknown, field: keyof typeof BOUNDS): number {
  const [min, max] = BOUNDS[field];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw invalid(field, `must be an integer from ${min} to ${max}`);
  return value;
}

function skills(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 20) throw invalid('skills', 'must be 1 to 20 skill tags');
  for (const tag of value) if (typeof tag !== 'string' || !SKILL_TAG.test(tag)) throw invalid('skills', `must be lowercase tags matching ${SKILL_TAG.source}`);
  return [...new Set(value as string[])];
}

export function parseAvailability(value: unknown): Availability {
  const found = AVAILABILITIES.find((candidate) => candidate === value);
  if (!found) throw invalid('availability', `must be one of ${AVAILABILITIES.join(', ')}`);
  return found;
}

const PARSERS: { [K in keyof ExpertProfile]: (value: unknown) => ExpertProfile[K] } = {
  name: (value) => text(value, 'name'),
  role: (value) => text(value, 'role'),
  skills,
  tenure_years: (value) => integer(value, 'tenure_years'),
  median_turnaround_minutes: (value) => integer(value, 'median_turnaround_minutes'),
  rate_credits_per_hour: (value) => integer(value, 'rate_credits_per_hour'),
};
const FIELDS = Object.keys(PARSERS) as (keyof ExpertProfile)[];

/** A full profile (registration): every field required, nothing unknown. */
export function parseExpertProfile(input: Record<string, unknown>): ExpertProfile {
  const changes = parseProfileChanges(input, ['availability']);
  const missing = FIELDS.find((field) => changes[field] === undefined);
  if (missing) throw invalid(missing, 'is required');
  return changes as ExpertProfile;
}

/** Some fields (an update); unknown fields are refused, as on every body (docs/decisions.md). */
export function parseProfileChanges(input: Record<string, unknown>, alsoAllowed: readonly string[] = []): Partial<ExpertProfile> {
  const unknown = Object.keys(input).find((key) => !(FIELDS as string[]).includes(key) && !alsoAllowed.includes(key));
  // `find` answers "" for an empty key: only undefined means every key is known.
  if (unknown !== undefined) throw invalid(unknown, 'is not a field of an expert');
  const changes: Partial<ExpertProfile> = {};
  for (const field of FIELDS) if (input[field] !== undefined) Object.assign(changes, { [field]: PARSERS[field](input[field]) });
  return changes;
}
