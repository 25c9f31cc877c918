import { routeOf } from '../../apps/console/src/app/routes';
import { formatClock, formatDuration } from '../../apps/console/src/common/format';
import { briefTitle } from '../../apps/console/src/common/work-text';
import { chargeError, workFigures } from '../../apps/console/src/scenes/Work/work-figures';

/** The console's pure rules (issue 12), without a browser: the pages themselves are tested in expert-console.e2e.ts. */
describe('the console: routes', () => {
  it.each([
    ['/', { page: 'offers' }],
    ['/offers', { page: 'offers' }],
    ['/offers/', { page: 'offers' }],
    ['/work', { page: 'work-list' }],
    ['/work/dep_01J0000000000000000000000A', { page: 'work', deploymentId: 'dep_01J0000000000000000000000A' }],
    ['/history', { page: 'history' }],
    ['/sign-in', { page: 'sign-in' }],
    ['/invitations/abc_DEF-123', { page: 'invitation', token: 'abc_DEF-123' }],
    ['/invitations', { page: 'not-found' }],
    ['/work/dep_1/extra', { page: 'not-found' }],
    ['/settings', { page: 'not-found' }],
    ['/work/%E0%A4%A', { page: 'work', deploymentId: '%E0%A4%A' }],
  ])('%s', (path, route) => {
    expect(routeOf(path)).toEqual(route);
  });
});

describe('the console: time worked and the charge', () => {
  const startedAt = '2026-05-01T10:00:00.000Z';
  const now = Date.parse('2026-05-01T10:45:30.000Z');

  it('tracks time from start and proposes ⌈rate × hours⌉ while the expert has set neither', () => {
    expect(workFigures({ startedAt, durationSeconds: null, credits: null, rate: 90, cap: 120, now })).toEqual({ trackedSeconds: 2730, durationSeconds: 2730, proposedCredits: 69, credits: 69 });
  });

  it('caps the proposal at the reservation, and proposes the cap when the rate is unknown', () => {
    expect(workFigures({ startedAt, durationSeconds: null, credits: null, rate: 600, cap: 120, now }).credits).toBe(120);
    expect(workFigures({ startedAt, durationSeconds: null, credits: null, rate: undefined, cap: 80, now }).credits).toBe(80);
  });

  it("keeps the expert's own figures, zero included, and proposes from their time", () => {
    expect(workFigures({ startedAt, durationSeconds: 3600, credits: 0, rate: 90, cap: 120, now })).toEqual({ trackedSeconds: 2730, durationSeconds: 3600, proposedCredits: 90, credits: 0 });
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
