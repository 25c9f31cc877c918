import type { Usage } from '@expert-handoff/sdk';
import { describeUsage, toUsageView } from './usage.view';

const DAY = 86_400_000;
const START = Date.parse('2026-05-01T00:00:00.000Z');

function usage(overrides: Partial<Usage> = {}): Usage {
  return {
    object: 'usage',
    credits_remaining: 400,
    credits_reserved: 100,
    cycle_start: new Date(START).toISOString(),
    cycle_end: new Date(START + 30 * DAY).toISOString(),
    deployments_this_cycle: 7,
    burn_rate_daily: 50,
    forecasted_depletion: new Date(START + 18 * DAY).toISOString(),
    in_flight: 2,
    plan: { name: 'team', cycle_cap_credits: 1000, cycle_days: 30, in_flight_limit: 10 },
    ...overrides,
  };
}

describe('get_usage figures', () => {
  it('gives the fraction of the cycle elapsed, the share of the allowance left and the threshold gate', () => {
    const view = toUsageView(usage(), START + 10 * DAY, 500);
    expect(view).toMatchObject({
      cycle_used_fraction: 0.3333,
      credits_remaining_fraction: 0.4,
      depletes_before_cycle_end: true,
      in_flight: 2,
      in_flight_limit: 10,
      threshold_credits: 500,
      below_threshold: true,
    });
    expect(describeUsage(view)).toContain('Below your threshold of 500 credits');
  });

  it('has no gate without a threshold, no share without a cap, and clamps the elapsed fraction', () => {
    const view = toUsageView(usage({ plan: undefined, in_flight: undefined, forecasted_depletion: null }), START + 40 * DAY, null);
    expect(view).toMatchObject({
      cycle_used_fraction: 1,
      credits_remaining_fraction: null,
      below_threshold: null,
      depletes_before_cycle_end: false,
      in_flight: null,
    });
  });

  it('is at the threshold, not below it, when credits equal it', () => {
    expect(toUsageView(usage(), START, 400).below_threshold).toBe(false);
  });
});
