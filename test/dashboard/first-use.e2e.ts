/**
 * What a first-time user tripped over in the consoles, each in a real browser against the real
 * services: the delivery log at 1280 px, the webhook panel of a deployment while an endpoint is
 * registered, the audit log's name for a revoked key, the plan's wording, confirmation and history
 * of grants and plan changes, the active section on a phone, API refusals in people's words, times
 * with their zone, the routing of a pending deployment and its cancel button; the password shown
 * on request at sign-in; a light or dark choice over the system's. axe finds no
 * violation of any impact on any page visited; pictures go to test-output/screenshots/first-use-*.png.
 */
import { clearScreenshots } from '../support/browser';
import { appearanceAndOperatorChecks } from './first-use/appearance-and-operator.steps';
import { ownerPageChecks } from './first-use/owner-pages.steps';
import { FirstUseWorld } from './first-use/world';

describe('the consoles on first use (Playwright, real services)', () => {
  const world = new FirstUseWorld();

  beforeAll(async () => {
    clearScreenshots((file) => file.startsWith('first-use-'));
    await world.start();
  }, 180_000);
  afterAll(() => world.stop());

  ownerPageChecks(world);
  appearanceAndOperatorChecks(world);

  it('finds no accessibility violation of any impact on any page visited (axe, light and dark)', () => {
    expect(Object.keys(world.record.accessibility).length).toBeGreaterThanOrEqual(10);
    expect(world.record.failures()).toEqual({});
  });
});
