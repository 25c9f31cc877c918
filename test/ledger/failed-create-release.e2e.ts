/**
 * A create that fails after the live reservation
 * gives the credits and the in-flight slot back at once, not at the orphan deadline (60 s here,
 * the default), so a burst of failing creates cannot lock a workspace out with 429; and a
 * `scheduled_for` beyond the one-year bound is refused before anything is held.
 *
 * The append is made to fail by a trigger this test installs in its own database, refusing the
 * `deployment.created` of a brief carrying a marker: the reserve has been answered by then.
 */
import { request, type ErrorBody } from '../support/http';
import { LedgerE2e, type Deployment, type Workspace } from './support/ledger-e2e';

const MARKER = '[refuse-this-append]';

describe('a create that fails after its reserve', () => {
  let e2e: LedgerE2e;
  let workspace: Workspace;

  const create = (brief: string, extra: Record<string, unknown> = {}, key = workspace.keys.live) =>
    request<Deployment & ErrorBody>(e2e.services.baseUrl, 'POST', '/v1/deployments', {
      key,
      body: { brief, skills: ['ledger-refused'], ...extra },
    });

  beforeAll(async () => {
    // Offers and SLAs far away: the ten good deployments stay in flight for the whole test.
    e2e = await LedgerE2e.shared({ SLA_STANDARD_SECONDS: '600', OFFER_TIMEOUT_SECONDS: '600' });
    await e2e.expert('ledger-refused', 60, 60);
    workspace = await e2e.workspace('refused', { cap: 10_000, inFlight: 10 });
    await e2e.services.database.pool.query(`
      CREATE FUNCTION refuse_marked_append() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.event_type = 'deployment.created' AND strpos(NEW.data->>'brief', '${MARKER}') > 0 THEN
          RAISE EXCEPTION 'refused by the test';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_marked_append BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION refuse_marked_append();
    `);
  });

  afterAll(async () => {
    // The stack goes on to other files: they get its events table as it was.
    await e2e?.services.database.pool.query('DROP TRIGGER IF EXISTS refuse_marked_append ON events; DROP FUNCTION IF EXISTS refuse_marked_append()');
    await e2e?.stop();
  });

  it('releases the reservation at once, so ten failures leave all ten in-flight slots free', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const failed = await create(`Name the new plan. ${MARKER} ${attempt}`);
      expect([failed.status, failed.body.error?.code]).toEqual([500, 'internal_error']);
    }
    // The first read of this workspace's usage: nothing cached, the figures as the ledger left them.
    const usage = (await e2e.usage(workspace.keys.live)).body;
    expect([usage.credits_reserved, usage.in_flight, usage.credits_remaining]).toEqual([0, 0, 10_000]);
    const released = (await e2e.events(`account-${workspace.id}`)).filter((event) => event.type === 'account.credits_released');
    expect(released).toHaveLength(10);
    expect(released.every((event) => event.data.reason === 'orphaned' && event.data.amount === 60)).toBe(true);

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) statuses.push((await create(`Name the new plan. Attempt ${attempt}.`)).status);
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 201));
    await e2e.usageWhen(workspace.keys.live, (figures) => figures.in_flight === 10 && figures.credits_reserved === 600, 'ten in flight');
  });

  it('refuses scheduled_for past one year, or unreadable, with 400 naming it, holding nothing', async () => {
    const planner = await e2e.workspace('planner', { cap: 10_000, inFlight: 10 });
    const inAYearAndADay = new Date(Date.now() + 366 * 86_400_000).toISOString();
    for (const scheduledFor of ['9999-12-31T20:00:01Z', '9000-01-01', inAYearAndADay, '2027-W01-1']) {
      const refused = await create('Name the new plan, later.', { urgency: 'scheduled', scheduled_for: scheduledFor }, planner.keys.live);
      expect([scheduledFor, refused.status, refused.body.error?.code, refused.body.error?.param]).toEqual([
        scheduledFor,
        400,
        'invalid_request',
        'scheduled_for',
      ]);
      expect(refused.body.error.message).toMatch(/scheduled_for/);
    }
    expect((await e2e.events(`account-${planner.id}`)).filter((event) => event.type === 'account.credits_reserved')).toEqual([]);
    // Within the year is still accepted, and holds its credits.
    const inElevenMonths = new Date(Date.now() + 330 * 86_400_000).toISOString();
    const accepted = await create('Name the new plan, later.', { urgency: 'scheduled', scheduled_for: inElevenMonths }, planner.keys.live);
    expect([accepted.status, accepted.body.credits_reserved]).toEqual([201, 60]);
  });
});
