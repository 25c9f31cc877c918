import type { Availability } from '@eh/contracts';
import type { ExpertCommand } from '../expert.decider';

type RegisterExpert = Extract<ExpertCommand, { type: 'register' }>;

/** The one expert the roster decider's specs register, and the profile it registers with. */
export const EXPERT_ID = 'spec_01JEXPERT00000000000000001';

export const EXPERT_PROFILE = {
  name: 'Ada Lane',
  role: 'Brand strategist',
  skills: ['positioning'],
  tenure_years: 6,
  median_turnaround_minutes: 40,
  rate_credits_per_hour: 90,
};

/** The command that registers EXPERT_ID with EXPERT_PROFILE at `now`. */
export const registerCommand = (now: string, availability: Availability = 'online'): RegisterExpert => ({
  type: 'register',
  expertId: EXPERT_ID,
  profile: EXPERT_PROFILE,
  availability,
  credentialHash: 'ab'.repeat(32),
  credentialLast4: 'WXYZ',
  now,
});
