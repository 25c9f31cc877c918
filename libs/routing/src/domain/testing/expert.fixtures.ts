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
