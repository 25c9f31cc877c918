import { isCustomisedPlan, STANDARD_PLAN } from './account-plan';

describe('isCustomisedPlan', () => {
  const presets = { standard: STANDARD_PLAN };
  it('is false for a preset as it is, and for a name no preset has', () => {
    expect(isCustomisedPlan(STANDARD_PLAN, presets)).toBe(false);
    expect(isCustomisedPlan({ ...STANDARD_PLAN, name: 'enterprise', in_flight_limit: 50 }, presets)).toBe(false);
  });
  it('is true when a figure differs from the preset the plan is named after', () => {
    expect(isCustomisedPlan({ ...STANDARD_PLAN, in_flight_limit: 20 }, presets)).toBe(true);
  });
});
