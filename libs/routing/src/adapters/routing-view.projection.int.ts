/**
 * The routing view and its timers (deployment_timers_view), written in one statement per append
 *, against PostgreSQL: after each event the rows are exactly what the fold implies.
 */
import { databaseForSuite } from '../../../../test/support/all-contexts';
import { soleCandidateMatch } from '@eh/contracts/testing';
import { deploymentCommands } from '../../../../test/support/deployment-commands';

describe('routing view projection', () => {
  const db = databaseForSuite(4);
  const expert = { id: 'exp_01', name: 'Ada', role: 'Copywriter' };
  const match = soleCandidateMatch(['copy']);
  const at = (offsetSeconds: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, offsetSeconds)).toISOString();

  const { run, create: createDeployment } = deploymentCommands(() => db().store, 'ws_routing', at(0));
  const timers = async (id: string) =>
    (
      await db().pool.query<{ job_id: string; kind: string; due_at: Date; offer_number: number | null }>(
        'SELECT job_id, kind, due_at, offer_number FROM deployment_timers_view WHERE deployment_id = $1 ORDER BY job_id',
        [id],
      )
    ).rows.map((row) => [row.job_id, row.kind, row.due_at.toISOString(), row.offer_number]);
  const routing = async (id: string) =>
    (
      await db().pool.query(
        'SELECT status, routing_started, offered_expert_id, offer_number, assigned_expert_id FROM deployment_routing_view WHERE deployment_id = $1',
        [id],
      )
    ).rows;

  const create = (scheduledFor: string | null) =>
    createDeployment({
      brief: 'Int brief.',
      skills: ['copy'],
      urgency: scheduledFor ? 'scheduled' : 'standard',
      scheduled_for: scheduledFor,
      sla_deadline: at(3600),
      credits_reserved: 0,
    });

  it('pending: the SLA, then the open offer beside it; accepted: none, and the row names the expert', async () => {
    const id = await create(null);
    expect(await timers(id)).toEqual([[`sla-${id}`, 'sla', at(3600), null]]);
    expect(await routing(id)).toEqual([{ status: 'pending', routing_started: true, offered_expert_id: null, offer_number: null, assigned_expert_id: null }]);

    await run(id, { type: 'offer', expert, match, expiresAt: at(300), now: at(1) });
    expect(await timers(id)).toEqual([
      [`offer-${id}-1`, 'offer', at(300), 1],
      [`sla-${id}`, 'sla', at(3600), null],
    ]);

    await run(id, { type: 'accept', expert, now: at(2) });
    expect(await timers(id)).toEqual([]);
    expect(await routing(id)).toEqual([
      { status: 'accepted', routing_started: true, offered_expert_id: null, offer_number: null, assigned_expert_id: 'exp_01' },
    ]);
  });

  it('an expired offer replaced by the next: the old offer timer goes, the new one comes', async () => {
    const id = await create(null);
    await run(id, { type: 'offer', expert, match, expiresAt: at(300), now: at(1) });
    await run(id, { type: 'expire_offer', offerNumber: 1, now: at(300) });
    expect(await timers(id)).toEqual([[`sla-${id}`, 'sla', at(3600), null]]);
    await run(id, { type: 'offer', expert: { ...expert, id: 'exp_02' }, match, expiresAt: at(600), now: at(301) });
    expect(await timers(id)).toEqual([
      [`offer-${id}-2`, 'offer', at(600), 2],
      [`sla-${id}`, 'sla', at(3600), null],
    ]);
  });

  it('scheduled: the routing start beside the SLA until routing starts', async () => {
    const id = await create(at(1800));
    expect(await timers(id)).toEqual([
      [`sla-${id}`, 'sla', at(3600), null],
      [`start-${id}`, 'start', at(1800), null],
    ]);
    await run(id, { type: 'start_routing', now: at(1800) });
    expect(await timers(id)).toEqual([[`sla-${id}`, 'sla', at(3600), null]]);
    expect((await routing(id))[0]).toMatchObject({ routing_started: true });
  });
});
