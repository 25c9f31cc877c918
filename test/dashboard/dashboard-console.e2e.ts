/**
 * The workspace dashboard and operations' pages in a real browser against the real services
 *. An owner invited by `ops workspace:create --owner-email` sets a password and signs
 * in, creates a live key, registers an endpoint on a receiver this test runs, sends a test event
 * that verifies with the secret shown, creates a deployment with the key over REST and watches it
 * complete live (an expert scripted over /expert/v1 asks a question, the agent replies, the output
 * arrives with an attachment). A receiver answering 500 fills the dead letters; the owner replays
 * one from the drill-down and the rest in bulk, and the receiver gets each with its original
 * Service-Delivery. Test-mode data never shows in live mode; a developer cannot see the team; a
 * second workspace's owner sees none of the first's. An operator works the roster, the accounts,
 * a limit request and the dead letters of every workspace, and invites another operator. axe on every page; screenshots of
 * every page into test-output/screenshots/dashboard-*.png.
 */
import { DashboardStory } from './console-story/story';
import { deploymentAndDeliverySteps } from './console-story/deployment-and-delivery.steps';
import { operatorSteps } from './console-story/operator.steps';
import { ownerSetupSteps } from './console-story/owner-setup.steps';
import { workspaceSteps } from './console-story/workspace.steps';

describe('the workspace dashboard and operations (Playwright, real services)', () => {
  const story = new DashboardStory();

  beforeAll(() => story.start(), 180_000);
  afterAll(() => story.stop());

  // In this order: each subject goes on from what the ones before it left.
  ownerSetupSteps(story);
  deploymentAndDeliverySteps(story);
  workspaceSteps(story);
  operatorSteps(story);

  it('finds no accessibility violation of any impact on any page (axe, light and dark)', () => {
    expect(Object.keys(story.record.accessibility).length).toBeGreaterThanOrEqual(20);
    expect(story.record.failures()).toEqual({});
  });
});
