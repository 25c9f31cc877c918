import { decideEndpointHealth, type EndpointHealth } from './endpoint-health';

const DAY = 86_400_000;
const FIVE_DAYS = 5 * DAY;
const T0 = Date.parse('2026-11-01T00:00:00.000Z');
const at = (days: number): string => new Date(T0 + days * DAY).toISOString();

const failing = (overrides: Partial<EndpointHealth> = {}): EndpointHealth => ({
  enabled: true,
  enabled_at: at(-30),
  failing_since: at(0),
  last_failure_at: at(5),
  last_success_at: at(-1),
  ...overrides,
});

describe('endpoint health: disabled after every attempt failed for the period', () => {
  it('disables an endpoint whose failures span the whole period with no success since they began', () => {
    expect(decideEndpointHealth(failing(), FIVE_DAYS)).toEqual({ action: 'disable', failing_since: at(0), last_failure_at: at(5) });
    expect(decideEndpointHealth(failing({ last_success_at: null }), FIVE_DAYS).action).toBe('disable');
  });

  it.each<[string, Partial<EndpointHealth>, string]>([
    ['disabled already', { enabled: false }, 'already_disabled'],
    ['never failed', { failing_since: null, last_failure_at: null }, 'no_failures'],
    ['no latest failure known', { last_failure_at: null }, 'no_failures'],
    ['failures all before it was enabled again', { enabled_at: at(6) }, 'no_failures'],
    ['a success after the failures began', { last_success_at: at(2) }, 'succeeded_since'],
    ['a success at the very moment they began', { last_success_at: at(0) }, 'succeeded_since'],
    ['failing for a day less than the period', { last_failure_at: at(4) }, 'failing_for_less_than_the_period'],
    ['failing for the period less a millisecond', { last_failure_at: new Date(T0 + FIVE_DAYS - 1).toISOString() }, 'failing_for_less_than_the_period'],
    ['enabled again two days into the failures', { enabled_at: at(2) }, 'failing_for_less_than_the_period'],
  ])('keeps it when %s', (_name, overrides, why) => {
    expect(decideEndpointHealth(failing(overrides), FIVE_DAYS)).toEqual({ action: 'keep', why });
  });

  it('counts from the later of the first failure and the last enabling', () => {
    expect(decideEndpointHealth(failing({ enabled_at: at(1), last_failure_at: at(6) }), FIVE_DAYS)).toEqual({
      action: 'disable',
      failing_since: at(1),
      last_failure_at: at(6),
    });
    // A success before the enabling does not count against failures after it.
    expect(decideEndpointHealth(failing({ enabled_at: at(1), last_success_at: at(0.5), last_failure_at: at(6) }), FIVE_DAYS).action).toBe('disable');
  });

  it('disables at exactly the period, with a shorter period for tests', () => {
    expect(decideEndpointHealth(failing({ last_failure_at: new Date(T0 + FIVE_DAYS).toISOString() }), FIVE_DAYS).action).toBe('disable');
    expect(decideEndpointHealth(failing({ last_failure_at: new Date(T0 + 2000).toISOString() }), 2000).action).toBe('disable');
    expect(decideEndpointHealth(failing({ last_failure_at: new Date(T0 + 1999).toISOString() }), 2000).action).toBe('keep');
  });
});
