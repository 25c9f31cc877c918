import { STANDARD_PLAN } from './account-plan';
import { reservationEstimate } from './reservation-estimate';
import { unopenedUsage, usageFigures, type UsageInputs } from './usage.figures';

const NOW = '2026-06-10T00:00:00.000Z';
const inputs: UsageInputs = {
  plan: STANDARD_PLAN,
  cycleStart: '2026-06-01T00:00:00.000Z',
  cycleEnd: '2026-07-01T00:00:00.000Z',
  creditsRemaining: 700,
  creditsReserved: 60,
  inFlight: 1,
  deploymentsThisCycle: 4,
  chargedInWindow: 140,
  windowDays: 7,
};

describe('usage figures of the usage object', () => {
  it("burns the window's charges per day and forecasts depletion at that rate", () => {
    expect(usageFigures(inputs, NOW)).toEqual({
      object: 'usage',
      credits_remaining: 700,
      credits_reserved: 60,
      cycle_start: inputs.cycleStart,
      cycle_end: inputs.cycleEnd,
      deployments_this_cycle: 4,
      burn_rate_daily: 20,
      // 700 credits at 20 a day: 35 days.
      forecasted_depletion: '2026-07-15T00:00:00.000Z',
      in_flight: 1,
      plan: STANDARD_PLAN,
    });
  });

  it('forecasts nothing while nothing burns, and depletion now when nothing is left', () => {
    expect(usageFigures({ ...inputs, chargedInWindow: 0 }, NOW).forecasted_depletion).toBeNull();
    expect(usageFigures({ ...inputs, creditsRemaining: 0 }, NOW).forecasted_depletion).toBe(NOW);
    expect(usageFigures({ ...inputs, chargedInWindow: 10 }, NOW).burn_rate_daily).toBe(1.43);
  });

  it("shows an account not opened yet as the standard plan's first cycle from the workspace's creation", () => {
    expect(unopenedUsage(NOW, STANDARD_PLAN)).toMatchObject({
      credits_remaining: 0,
      cycle_start: NOW,
      cycle_end: '2026-07-10T00:00:00.000Z',
      forecasted_depletion: null,
    });
  });
});

describe('reservation estimate', () => {
  it("takes the quote's estimate, and the fallback when there is none or it is not a credit count", () => {
    expect(reservationEstimate({ estimated_credits: 45 }, 100)).toBe(45);
    expect(reservationEstimate({ estimated_credits: 0 }, 100)).toBe(0);
    expect(reservationEstimate({}, 100)).toBe(100);
    expect(reservationEstimate({ estimated_credits: -3 }, 100)).toBe(100);
    expect(reservationEstimate({ estimated_credits: 2.5 }, 100)).toBe(100);
  });
});
