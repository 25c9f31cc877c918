/**
 * The router's offer step against PostgreSQL: concurrent attempts (two replicas)
 * offer once, and brief-fit learned from a workspace's completed work changes who is offered,
 * in that workspace only.
 */
import { deploymentStreamName, newId, type DeploymentEvent } from '@eh/contracts';
import { deploymentDecider, type DeploymentCommand } from '@eh/deployments';
import { handleCommand } from '@eh/event-store';
import { databaseForSuite } from '../../../../test/support/all-contexts';
import { offerDeployment, type OfferDeps } from './offer-deployment.handler';
import { registerExpert } from './manage-roster.handler';
import { plainDeploymentData } from '@eh/contracts/testing';

describe('offerDeployment', () => {
  const db = databaseForSuite(10);
  let deps: OfferDeps;

  const profile = (skills: string[], turnaround: number) => ({
    name: `E${turnaround}`,
    role: 'Copywriter',
    skills,
    tenure_years: 3,
    median_turnaround_minutes: turnaround,
    rate_credits_per_hour: 60,
  });
  const run = (id: string, workspaceId: string, command: DeploymentCommand) =>
    handleCommand(db().store, deploymentDecider, deploymentStreamName(id), command, {
      workspaceId,
      correlationId: 'int',
      causationId: null,
      now: new Date().toISOString(),
    });
  async function create(workspaceId: string, skills: string[]): Promise<string> {
    const id = newId('deployment');
    const at = new Date().toISOString();
    const data = plainDeploymentData({
      deployment_id: id,
      workspace_id: workspaceId,
      mode: 'live' as const,
      brief: 'Int brief.',
      skills,
      sla_deadline: new Date(Date.now() + 3600_000).toISOString(),
      credits_reserved: 0,
      created_at: at,
    });
    await run(id, workspaceId, { type: 'create', data });
    return id;
  }
  /** A new deployment in the workspace, offered once; returns who got the offer. */
  async function offerNew(workspaceId: string, skills: string[]): Promise<string[]> {
    const id = await create(workspaceId, skills);
    await offerDeployment(deps, id, { eventId: newId('event'), correlationId: 'int' }, new Date());
    return offered(id);
  }
  const offered = async (id: string) =>
    (await db().store.read(deploymentStreamName(id)))
      .filter((event) => event.type === 'deployment.offered')
      .map((event) => (event.data as Extract<DeploymentEvent, { type: 'deployment.offered' }>['data']).expert.id);

  beforeAll(async () => {
    deps = { store: db().store, sql: db().pool, offerTimeoutSeconds: 300, briefFitHalfLifeSeconds: 30 * 24 * 3600 };
  });

  it('offers once when two replicas try the same deployment at once', async () => {
    await registerExpert(db().store, { profile: profile(['int-race'], 20), availability: 'online' }, new Date());
    await registerExpert(db().store, { profile: profile(['int-race'], 40), availability: 'online' }, new Date());
    for (let round = 0; round < 10; round++) {
      const id = await create('ws_race', ['int-race']);
      const cause = (n: number) => ({ eventId: newId('event'), correlationId: `replica-${n}`, revision: 0 });
      const outcomes = await Promise.all([offerDeployment(deps, id, cause(1), new Date()), offerDeployment(deps, id, cause(2), new Date())]);
      expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['nothing_to_do', 'offered']);
      expect(await offered(id)).toHaveLength(1);
    }
  });

  it('learns brief-fit per workspace: completed work lifts a slower expert, in that workspace only', async () => {
    const fast = await registerExpert(db().store, { profile: profile(['int-fit'], 10), availability: 'online' }, new Date());
    const known = await registerExpert(db().store, { profile: profile(['int-fit'], 30), availability: 'online' }, new Date());
    expect(await offerNew('ws_other', ['int-fit'])).toEqual([fast.expert.id]);

    // `known` completes one deployment for ws_fit (offered by hand, as the router would).
    const done = await create('ws_fit', ['int-fit']);
    const expert = { id: known.expert.id, name: known.expert.name, role: known.expert.role };
    const now = () => new Date().toISOString();
    const match = {
      covered_skills: ['int-fit'],
      coverage: 1,
      median_turnaround_minutes: 30,
      speed: 0.67,
      brief_fit: 0,
      completed_for_workspace: 0,
      score: 0.4,
      weights: { speed: 0.6, brief_fit: 0.4 },
      rank: 2,
      candidates: 2,
      passed_over: [],
    };
    await run(done, 'ws_fit', { type: 'offer', expert, match, expiresAt: new Date(Date.now() + 60_000).toISOString(), now: now() });
    await run(done, 'ws_fit', { type: 'accept', expert, now: now() });
    await run(done, 'ws_fit', { type: 'start', expertId: expert.id, now: now() });
    await run(done, 'ws_fit', {
      type: 'publish',
      expertId: expert.id,
      output: { format: 'markdown', body: 'x', attachments: [] },
      creditsCharged: 10,
      durationSeconds: 60,
      now: now(),
    });

    const next = await create('ws_fit', ['int-fit']);
    const outcome = await offerDeployment(deps, next, { eventId: newId('event'), correlationId: 'c' }, new Date());
    // speed 60/90 = 0.667 → 0.4 + 0.4 × 0.5 = 0.6 beats 0.6 × 60/70 = 0.514.
    expect(outcome.kind === 'offered' && outcome.ranked.match).toMatchObject({ brief_fit: 0.5, completed_for_workspace: 1, rank: 1 });
    expect(await offered(next)).toEqual([known.expert.id]);
    expect(await offerNew('ws_other', ['int-fit'])).toEqual([fast.expert.id]);
  });
});
