import type { AccountPlan } from '@eh/contracts';
import type { UsageResource } from '@eh/ledger';
import { objectOf, orNull, timestamp, type JsonSchema } from '../json-schema';

const credits: JsonSchema = { type: 'integer', minimum: 0 };

const planSchema = objectOf<AccountPlan>({
  name: { type: 'string' },
  cycle_cap_credits: credits,
  cycle_days: { type: 'number', exclusiveMinimum: 0, description: 'Cycle length; fractional days are allowed.' },
  in_flight_limit: { type: 'integer', minimum: 0 },
});

/** The usage object plus `object`, `in_flight` and `plan` (docs/decisions.md "Ledger"). */
export const usageSchema: JsonSchema = objectOf<UsageResource>({
  object: { type: 'string', const: 'usage' },
  credits_remaining: credits,
  credits_reserved: credits,
  cycle_start: timestamp(),
  cycle_end: timestamp(),
  deployments_this_cycle: { type: 'integer', minimum: 0 },
  burn_rate_daily: { type: 'number', minimum: 0, description: 'Credits charged in the last 7 days ÷ 7.' },
  forecasted_depletion: orNull(timestamp('Null while nothing burns.')),
  in_flight: { type: 'integer', minimum: 0 },
  plan: planSchema,
});
