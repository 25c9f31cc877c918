/**
 * The missed-offers read model against PostgreSQL: a decline and a lapse each leave one row for
 * their expert (skills, reservation, when offered, how it ended), an accepted offer leaves none,
 * the query keeps its window and its limit newest first, and a rebuild from the events gives the same rows.
 */
import { databaseForSuite } from '../../../../test/support/all-contexts';
import { missedOffersProjection } from './missed-offers.projection';
import { missedOffersFor } from './missed-offers.query';
import { soleCandidateMatch } from '@eh/contracts/testing';
import { deploymentCommands } from '../../../../test/support/deployment-commands';

describe('missed offers read model', () => {
  const db = databaseForSuite(4);
  const ada = { id: 'exp_missed_ada', name: 'Ada', role: 'Copywriter' };
  const bo = { id: 'exp_missed_bo', name: 'Bo', role: 'Copywriter' };
  const match = soleCandidateMatch(['copy']);
  const base = Date.UTC(2026, 10, 23, 12, 0, 0);
  const at = (offsetSeconds: number) => new Date(base + offsetSeconds * 1000).toISOString();

  const { run, create: createDeployment } = deploymentCommands(() => db().store, 'ws_missed', at(0));
  const create = (credits: number, skills: string[]) =>
    createDeployment({ brief: 'A secret brief.', skills, sla_deadline: at(36_000), credits_reserved: credits });

  it('a decline (with its reason) and a lapse each leave a row for their expert; an acceptance none', async () => {
    const declined = await create(120, ['copy', 'naming']);
    await run(declined, { type: 'offer', expert: ada, match, expiresAt: at(400), now: at(100) });
    await run(declined, { type: 'decline', expertId: ada.id, reason: '  Booked until Friday.  ', now: at(150) });
    await run(declined, { type: 'offer', expert: bo, match, expiresAt: at(500), now: at(151) });
    await run(declined, { type: 'accept', expert: bo, now: at(160) });

    const lapsed = await create(80, ['copy']);
    await run(lapsed, { type: 'offer', expert: ada, match, expiresAt: at(500), now: at(200) });
    await run(lapsed, { type: 'expire_offer', offerNumber: 1, now: at(500) });

    const since = new Date(base - 1000);
    const missed = await missedOffersFor(db().pool, ada.id, since, 50);
    expect(missed).toEqual([
      { deployment_id: lapsed, skills: ['copy'], credits_reserved: 80, offered_at: at(200), ending: 'lapsed', reason: null, ended_at: at(500) },
      {
        deployment_id: declined,
        skills: ['copy', 'naming'],
        credits_reserved: 120,
        offered_at: at(100),
        ending: 'declined',
        reason: 'Booked until Friday.',
        ended_at: at(150),
      },
    ]);
    expect(JSON.stringify(missed)).not.toContain('secret brief');
    expect(await missedOffersFor(db().pool, bo.id, since, 50)).toEqual([]);

    // The window and the limit: offers made before `since` are left out; newest first, at most `limit`.
    expect(await missedOffersFor(db().pool, ada.id, new Date(Date.parse(at(150))), 50)).toEqual([missed[0]]);
    expect(await missedOffersFor(db().pool, ada.id, since, 1)).toEqual([missed[0]]);

    // Rebuilt from the events alone, the rows are the same.
    await db().store.rebuildProjection(missedOffersProjection);
    expect(await missedOffersFor(db().pool, ada.id, since, 50)).toEqual(missed);
  });

  it('the query is served by the expert index, not a scan', async () => {
    // One connection: the setting and the plan must meet. A table this small would be scanned anyway.
    const client = await db().pool.connect();
    let rows: { 'QUERY PLAN': string }[];
    try {
      await client.query('SET enable_seqscan = off');
      ({ rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT deployment_id FROM expert_missed_offers_view WHERE expert_id = $1 AND offered_at >= $2 ORDER BY offered_at DESC, deployment_id DESC LIMIT 50`,
        [ada.id, at(0)],
      ));
      await client.query('RESET enable_seqscan');
    } finally {
      client.release();
    }
    expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('expert_missed_offers_by_expert');
  });
});
