import type { Usage } from '@expert-handoff/sdk';
import { thresholdsOf } from './usage-thresholds.tool';

const usage = (remaining: number, cap: number): Usage => ({
  object: 'usage',
  credits_remaining: remaining,
  credits_reserved: 0,
  cycle_start: '2026-11-01T00:00:00.000Z',
  cycle_end: '2026-12-01T00:00:00.000Z',
  deployments_this_cycle: 0,
  burn_rate_daily: 0,
  forecasted_depletion: null,
  in_flight: 0,
  plan: { name: 'standard', cycle_cap_credits: cap, cycle_days: 30, in_flight_limit: 10 },
});

describe('thresholdsOf', () => {
  it('reaches 50 and 80 % once 850 of 1,000 cycle credits are used', () => {
    expect(thresholdsOf(usage(150, 1000)).thresholds).toEqual([
      { percent: 50, credits: 500, reached: true, credits_left: 0 },
      { percent: 80, credits: 800, reached: true, credits_left: 0 },
      { percent: 95, credits: 950, reached: false, credits_left: 100 },
    ]);
  });

  it('has none without a cap, and never counts top-ups as negative use', () => {
    expect(thresholdsOf(usage(10, 0)).thresholds).toEqual([]);
    expect(thresholdsOf(usage(1500, 1000))).toMatchObject({ consumed_credits: 0 });
  });
});
