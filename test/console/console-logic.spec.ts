import { dashboardPath, routeOf, switchedView, type DashboardView } from '../../apps/console/src/app/routes';
import { cycleUsage, forecastSeries, niceMax } from '../../apps/console/src/common/UsageChart/usage-figures';
import { ApiError, describeError, fieldError, formError } from '../../apps/console/src/api/api-error';
import { formatClock, formatDateTime, formatDuration, formatUtc } from '../../apps/console/src/common/format';
import { briefTitle } from '../../apps/console/src/common/work-text';
import { chargeError, workFigures } from '../../apps/console/src/scenes/Work/work-figures';

/** The console's pure rules, without a browser: the pages themselves are tested in expert-console.e2e.ts. */
describe('the console: routes', () => {
  it.each([
    ['/', { page: 'home' }],
    ['/offers', { page: 'offers' }],
    ['/offers/', { page: 'offers' }],
    ['/work', { page: 'work-list' }],
    ['/work/dep_01J0000000000000000000000A', { page: 'work', deploymentId: 'dep_01J0000000000000000000000A' }],
    ['/history', { page: 'history' }],
    ['/sign-in', { page: 'sign-in' }],
    ['/invitations/abc_DEF-123', { page: 'invitation', token: 'abc_DEF-123' }],
    ['/invitations', { page: 'not-found' }],
    ['/work/dep_1/extra', { page: 'not-found' }],
    ['/settings', { page: 'settings' }],
    ['/settings/push', { page: 'not-found' }],
    ['/work/%E0%A4%A', { page: 'work', deploymentId: '%E0%A4%A' }],
    // The dashboard: live without a prefix, test under /test, as Stripe's.
    ['/overview', { page: 'dashboard', mode: 'live', view: { page: 'overview' } }],
    ['/test', { page: 'dashboard', mode: 'test', view: { page: 'overview' } }],
    ['/test/deployments/dep_1', { page: 'dashboard', mode: 'test', view: { page: 'deployment', deploymentId: 'dep_1' } }],
    ['/webhooks/we_1', { page: 'dashboard', mode: 'live', view: { page: 'endpoint', endpointId: 'we_1' } }],
    ['/deliveries/del_1/attempts/3', { page: 'dashboard', mode: 'live', view: { page: 'attempt', deliveryId: 'del_1', attempt: 3 } }],
    ['/deliveries/del_1/attempts/0', { page: 'not-found' }],
    ['/deliveries/del_1/other/3', { page: 'not-found' }],
    ['/test/offers', { page: 'not-found' }],
    ['/team/extra', { page: 'not-found' }],
    ['/ops', { page: 'ops', view: { page: 'roster' } }],
    ['/ops/roster/spec_1', { page: 'ops', view: { page: 'expert', expertId: 'spec_1' } }],
    ['/ops/accounts/ws_1', { page: 'ops', view: { page: 'account', workspaceId: 'ws_1' } }],
    ['/ops/dead-letters', { page: 'ops', view: { page: 'dead-letters' } }],
    ['/ops/operators', { page: 'ops', view: { page: 'operators' } }],
    ['/ops/operators/op_1', { page: 'not-found' }],
    ['/ops/nope', { page: 'not-found' }],
  ])('%s', (path, route) => {
    expect(routeOf(path)).toEqual(route);
  });

  it('writes every dashboard page back to the path it was read from, in both modes', () => {
    const views: DashboardView[] = [
      { page: 'overview' },
      { page: 'deployments' },
      { page: 'deployment', deploymentId: 'dep_1' },
      { page: 'api-keys' },
      { page: 'webhooks' },
      { page: 'endpoint', endpointId: 'we_1' },
      { page: 'deliveries' },
      { page: 'delivery', deliveryId: 'del_1' },
      { page: 'attempt', deliveryId: 'del_1', attempt: 2 },
      { page: 'dead-letters' },
      { page: 'memory' },
      { page: 'team' },
      { page: 'plan' },
      { page: 'audit-log' },
    ];
    for (const mode of ['live', 'test'] as const)
      for (const view of views) expect(routeOf(dashboardPath(mode, view))).toEqual({ page: 'dashboard', mode, view });
  });

  it('switches mode to the same page, or to its list when the page shows one object', () => {
    expect(switchedView({ page: 'memory' })).toEqual({ page: 'memory' });
    expect(switchedView({ page: 'deployment', deploymentId: 'dep_1' })).toEqual({ page: 'deployments' });
    expect(switchedView({ page: 'attempt', deliveryId: 'del_1', attempt: 1 })).toEqual({ page: 'deliveries' });
    expect(switchedView({ page: 'endpoint', endpointId: 'we_1' })).toEqual({ page: 'webhooks' });
  });
});

describe('the dashboard: the overview figures', () => {
  const now = Date.parse('2026-05-10T12:00:00.000Z');
  const day = 86_400_000;

  it('forecasts a straight line to zero at the depletion, drawn to the later of it and the cycle end', () => {
    const forecast = forecastSeries({
      now,
      remaining: 1000,
      burnPerDay: 100,
      cycleEnd: new Date(now + 20 * day).toISOString(),
      depletion: new Date(now + 10 * day).toISOString(),
    });
    expect(forecast).toMatchObject({ spanDays: 20, cycleEndDay: 20, depletionDay: 10 });
    expect(forecast.points[0]).toMatchObject({ day: 0, remaining: 1000 });
    expect(forecast.points.find((point) => point.day === 10)?.remaining).toBe(0);
    expect(forecast.points[forecast.points.length - 1]).toMatchObject({ day: 20, remaining: 0 });
    expect(forecast.points.map((point) => point.day)).toEqual([...forecast.points.map((point) => point.day)].sort((a, b) => a - b));
  });

  it('draws a flat line and no depletion when nothing burns; at least a week', () => {
    const forecast = forecastSeries({ now, remaining: 500, burnPerDay: 0, cycleEnd: new Date(now + 2 * day).toISOString(), depletion: null });
    expect(forecast).toMatchObject({ spanDays: 7, depletionDay: null, cycleEndDay: 2 });
    expect(new Set(forecast.points.map((point) => point.remaining))).toEqual(new Set([500]));
  });

  it('leaves a depletion beyond 90 days off the chart', () => {
    expect(forecastSeries({ now, remaining: 10_000, burnPerDay: 1, cycleEnd: new Date(now + 30 * day).toISOString(), depletion: null })).toMatchObject({
      spanDays: 30,
      depletionDay: null,
    });
  });

  it('counts the cycle from its first day and crosses the 50, 80 and 95 % thresholds', () => {
    const days = [
      { date: '2026-05-01', credits_charged: 400, deployments_completed: 2 },
      { date: '2026-05-02', credits_charged: 300, deployments_completed: 1 },
      { date: '2026-05-03', credits_charged: 120, deployments_completed: 1 },
    ];
    expect(cycleUsage(days, '2026-05-02T08:00:00.000Z', 500)).toEqual({
      charged: 420,
      cap: 500,
      percent: 84,
      thresholds: [
        { percent: 50, credits: 250, crossed: true },
        { percent: 80, credits: 400, crossed: true },
        { percent: 95, credits: 475, crossed: false },
      ],
    });
    expect(cycleUsage(days, '2026-05-01T00:00:00.000Z', 0)).toMatchObject({
      percent: null,
      thresholds: [{ crossed: false }, { crossed: false }, { crossed: false }],
    });
  });

  it('rounds an axis up to 1, 2 or 5 times a power of ten', () => {
    expect([niceMax(0), niceMax(7), niceMax(13), niceMax(420), niceMax(5000)]).toEqual([1, 10, 20, 500, 5000]);
  });
});

describe('the console: time worked and the charge', () => {
  const startedAt = '2026-05-01T10:00:00.000Z';
  const now = Date.parse('2026-05-01T10:45:30.000Z');

  it('tracks time from start and proposes ⌈rate × hours⌉ while the expert has set neither', () => {
    expect(workFigures({ startedAt, durationSeconds: null, credits: null, rate: 90, cap: 120, now })).toEqual({
      trackedSeconds: 2730,
      durationSeconds: 2730,
      proposedCredits: 69,
      credits: 69,
    });
  });

  it('caps the proposal at the reservation, and proposes the cap when the rate is unknown', () => {
    expect(workFigures({ startedAt, durationSeconds: null, credits: null, rate: 600, cap: 120, now }).credits).toBe(120);
    expect(workFigures({ startedAt, durationSeconds: null, credits: null, rate: undefined, cap: 80, now }).credits).toBe(80);
  });

  it("keeps the expert's own figures, zero included, and proposes from their time", () => {
    expect(workFigures({ startedAt, durationSeconds: 3600, credits: 0, rate: 90, cap: 120, now })).toEqual({
      trackedSeconds: 2730,
      durationSeconds: 3600,
      proposedCredits: 90,
      credits: 0,
    });
  });

  it('counts nothing before start', () => {
    expect(workFigures({ startedAt: null, durationSeconds: null, credits: null, rate: 90, cap: 120, now })).toMatchObject({ trackedSeconds: 0, credits: 0 });
  });

  it('refuses a charge over the cap or not a whole number', () => {
    expect(chargeError(120, 120)).toBeNull();
    expect(chargeError(121, 120)).toMatch(/At most 120 credits/);
    expect(chargeError(-1, 120)).toMatch(/whole number/);
    expect(chargeError(1.5, 120)).toMatch(/whole number/);
  });
});

describe('the console: words', () => {
  it('formats clocks and durations', () => {
    expect([formatClock(75), formatClock(3725), formatClock(-3)]).toEqual(['1:15', '1:02:05', '0:00']);
    expect([formatDuration(59), formatDuration(3900), formatDuration(7200)]).toEqual(['under a minute', '1 h 5 min', '2 h']);
  });

  it('titles a brief by its first sentence or line, at most 90 characters', () => {
    expect(briefTitle('Write a tagline. Keep it dry.')).toBe('Write a tagline.');
    expect(briefTitle('Rename the feature\nIt tests badly.')).toBe('Rename the feature');
    expect(briefTitle('x'.repeat(120))).toHaveLength(88);
    expect(briefTitle('   ')).toBe('Untitled brief');
  });
});

describe('the console: errors for people and times with their zone', () => {
  const refusal = (message: string, param?: string) => new ApiError(400, 'invalid_request', message, param);

  it.each([
    ['url must be an https URL', 'url', { url: 'Endpoint URL' }, 'Endpoint URL must be an address starting with https://.'],
    [
      'url must be an https URL; to receive events on your own machine, run `npm run listen -- --forward-to <your local URL>` instead',
      'url',
      { url: 'Endpoint URL' },
      'Endpoint URL must be an address starting with https://; to receive events on your own machine, run `npm run listen -- --forward-to <your local URL>` instead.',
    ],
    ['enabled_events[1] is not a known event type', 'enabled_events[1]', { enabled_events: 'Events to send' }, 'Events to send is not a known event type.'],
    [
      'cycle_cap_credits must be an integer from 0 to 1000000000',
      'cycle_cap_credits',
      { cycle_cap_credits: 'Credits each cycle' },
      'Credits each cycle must be a whole number from 0 to 1000000000.',
    ],
    ['already a person of this service', 'email', { email: 'Email' }, 'Email: already a person of this service.'],
    ['in_flight_limit must be above the current one', 'in_flight_limit', {}, 'In flight limit must be above the current one.'],
    ['the email or the password is wrong', undefined, {}, 'The email or the password is wrong.'],
  ])('%s → %s', (message, param, labels, expected) => {
    expect(describeError(refusal(message, param), labels)).toBe(expected);
  });

  it('puts a refusal beside its field, and only there', () => {
    const error = refusal('url must be an https URL', 'url');
    const labels = { url: 'Endpoint URL', description: 'Description (optional)' };
    expect(fieldError(error, 'url', labels)).toBe('Endpoint URL must be an address starting with https://.');
    expect(fieldError(error, 'description', labels)).toBeNull();
    expect(formError(error, labels)).toBeNull();
    expect(formError(refusal('endpoint limit reached'), labels)).toBe('Endpoint limit reached.');
  });

  it('names the zone of every time it writes, and gives UTC for the hover', () => {
    // The suite runs with TZ unset or UTC; either way the zone is named.
    expect(formatDateTime('2026-12-01T14:02:00.000Z')).toMatch(/\b(UTC|GMT|[A-Z]{2,5}|GMT[+-]\d+)$/);
    expect(formatUtc('2026-12-01T14:02:05.000Z')).toMatch(/(14:02:05|2:02:05 PM).*UTC$/);
  });
});
