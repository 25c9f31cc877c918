import { DomainError } from '@eh/contracts';
import { parseExpertProfile, parseProfileChanges } from './expert-profile.rules';

const PROFILE = { name: 'A', role: 'Copywriter', skills: ['copywriting'], tenure_years: 1, median_turnaround_minutes: 30, rate_credits_per_hour: 60 };

describe('expert profile rules', () => {
  it('refuses an empty key like any unknown field (found by the API fuzz)', () => {
    expect(() => parseExpertProfile({ ...PROFILE, '': 'v' })).toThrow(DomainError);
    expect(() => parseProfileChanges({ '': 1 })).toThrow(DomainError);
  });

  it('takes a full profile', () => {
    expect(parseExpertProfile(PROFILE)).toEqual(PROFILE);
  });
});
