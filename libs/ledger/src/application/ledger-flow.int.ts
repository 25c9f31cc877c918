/**
 * The ledger against the real PostgreSQL: reactions applied once however often delivered, the
 * orphan sweep and its fence against a late `deployment.created`, cycle roll-over, and the
 * read model equal to the fold (and to itself rebuilt from the events).
 */
import { accountStreamName, DomainError, newId, type DeploymentCreated } from '@eh/contracts';
import { eventStoreMigrations, PostgresEventStore, WrongExpectedVersionError, type RecordedEvent } from '@eh/event-store';
import { countingReads, statementsOf } from '@eh/event-store/testing';
import { runMigrations } from '@eh/platform';
import { createTestDatabase, type TestDatabase } from '@eh/platform/testing';
import { Client } from 'pg';
import { accountsViewProjection } from '../adapters/accounts-view.projection';
import { ledgerViewMigrations } from '../adapters/ledger-view.migrations';
import { reservationsViewProjection } from '../adapters/reservations-view.projection';
import { findUsage } from '../adapters/usage.query';
import { STANDARD_PLAN } from '../domain/account-plan';
import { CachedAccountRunner, directAccountRunner, type AccountRunner } from './account-runner';
import { accountCommandFor, applyCreditReaction } from './credit-reactions';
import { releaseOrphans, rollEndedCycles } from './ledger-sweeps';
import { grantCredits, showAccount } from './manage-account.handler';
import { releaseAbandoned } from './release-abandoned.handler';
import { reserveCredits } from './reserve-credits.handler';
import { plainDeploymentData } from '@eh/contracts/testing';

const POLICY = { standardPlan: { ...STANDARD_PLAN, cycle_cap_credits: 1000, cycle_days: 1 } };
const T0 = new Date('2026-05-01T00:00:00.000Z');
const after = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

describe('ledger on PostgreSQL', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let ws: string;
  /** The ledger process's runner; a second one plays another replica. */
  let run: AccountRunner;

  const reserve = (deploymentId: string, amount = 100, at = T0) =>
    reserveCredits(run, { workspace_id: ws, deployment_id: deploymentId, amount, request_id: 'req_t' }, { now: at, ttlSeconds: 60 });
  const created = (deploymentId: string): Promise<unknown> => {
    const event: DeploymentCreated = {
      type: 'deployment.created',
      data: plainDeploymentData({
        deployment_id: deploymentId,
        workspace_id: ws,
        mode: 'live',
        brief: 'b',
        skills: ['s'],
        sla_deadline: after(3600).toISOString(),
        credits_reserved: 100,
        created_at: T0.toISOString(),
      }),
    };
    const metadata = { workspace_id: ws, correlation_id: 'c', causation_id: null, schema_version: 1, occurred_at: T0.toISOString() };
    return store.append(`deployment-${deploymentId}`, [{ id: newId('event'), ...event, metadata }], 'no_stream');
  };
  const deploymentEvent = async (deploymentId: string): Promise<RecordedEvent> => (await store.read(`deployment-${deploymentId}`))[0];
  const accountEvents = async () => store.read(accountStreamName(ws));

  beforeEach(async () => {
    db = await createTestDatabase();
    await runMigrations(db.pool, [...eventStoreMigrations, ...ledgerViewMigrations]);
    store = new PostgresEventStore(db.pool, { inlineProjections: [accountsViewProjection, reservationsViewProjection] });
    ws = newId('workspace');
    run = new CachedAccountRunner(store, POLICY).run;
  });

  afterEach(async () => {
    await store.close();
    await db.drop();
  });

  it('confirms on created once, however often the event is delivered, even concurrently', async () => {
    const dep = newId('deployment');
    await reserve(dep);
    await created(dep);
    const event = await deploymentEvent(dep);
    // Three replicas handling the same message at once: the same derived ids, one copy kept.
    const replicas = [run, new CachedAccountRunner(store, POLICY).run, directAccountRunner(store, POLICY)];
    await Promise.all(replicas.map((replica) => applyCreditReaction(replica, event, accountCommandFor(event, after(1).toISOString()))));
    await applyCreditReaction(run, event, accountCommandFor(event, after(2).toISOString()));
    expect((await accountEvents()).filter((e) => e.type === 'account.reservation_confirmed')).toHaveLength(1);
  });

  it('releases an orphan after its deadline, not before, and never a created deployment', async () => {
    const [orphan, late, confirmed] = [newId('deployment'), newId('deployment'), newId('deployment')];
    await reserve(orphan);
    await reserve(late);
    await reserve(confirmed);
    await created(late); // appended, not yet confirmed by the consumer
    await created(confirmed);
    const event = await deploymentEvent(confirmed);
    await applyCreditReaction(run, event, accountCommandFor(event, after(1).toISOString()));
    expect(await releaseOrphans(run, db.pool, after(59))).toEqual({ released: 0, skipped: 0 });
    expect(await releaseOrphans(run, db.pool, after(60))).toEqual({ released: 1, skipped: 0 });
    expect((await showAccount(store, ws)).reservations.map((r) => r.deployment_id).sort()).toEqual([late, confirmed].sort());
  });

  it('fences: an orphan released first makes the late deployment.created fail; a created first makes the release fail', async () => {
    const [first, second] = [newId('deployment'), newId('deployment')];
    await reserve(first);
    await run({ type: 'release_orphan', workspaceId: ws, deploymentId: first, now: after(61).toISOString() }, { correlationId: 'c', causationId: null });
    await expect(created(first)).rejects.toMatchObject({ code: 'service_unavailable' });
    expect(await store.read(`deployment-${first}`)).toEqual([]);

    await reserve(second);
    // The sweeper decided on a state where the deployment was unconfirmed; the append meets the created row.
    // The fence is the row's own constraint: each side is one statement, its append and its mark together.
    expect(await statementsOf(() => created(second))).toEqual(['append_to_stream']);
    const release = run(
      { type: 'release_orphan', workspaceId: ws, deploymentId: second, now: after(61).toISOString() },
      { correlationId: 'c', causationId: null },
    );
    await expect(release).rejects.toBeInstanceOf(DomainError);
    expect((await showAccount(store, ws)).credits_reserved).toBe(100);
  });

  it('releases an abandoned create at once and once, but never a deployment that was appended, even by a transaction still open', async () => {
    const [failed, appended, inFlight] = [newId('deployment'), newId('deployment'), newId('deployment')];
    const abandon = (deploymentId: string) => releaseAbandoned(run, { workspace_id: ws, deployment_id: deploymentId, request_id: 'req_t' }, after(1));
    await reserve(failed);
    expect(await abandon(failed)).toEqual({ deployment_id: failed, released: true });
    expect(await abandon(failed)).toEqual({ deployment_id: failed, released: false });
    expect(await abandon(newId('deployment'))).toMatchObject({ released: false });
    // The append committed but its answer was lost: the gateway asks anyway, and the fence keeps the credits.
    await reserve(appended);
    await created(appended);
    expect(await abandon(appended)).toEqual({ deployment_id: appended, released: false });
    // An append still open has marked the reservation's row: the release waits for it, then sees it committed.
    await reserve(inFlight);
    const appending = new Client({ connectionString: db.url });
    await appending.connect();
    try {
      await appending.query('BEGIN');
      await appending.query('UPDATE account_reservations_view SET deployment_created = true WHERE deployment_id = $1', [inFlight]);
      const release = abandon(inFlight);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await appending.query('COMMIT');
      expect(await release).toEqual({ deployment_id: inFlight, released: false });
    } finally {
      await appending.end();
    }
    const account = await showAccount(store, ws);
    expect(account.reservations.map((r) => r.deployment_id).sort()).toEqual([appended, inFlight].sort());
    const released = (await accountEvents()).filter((e) => e.type === 'account.credits_released');
    expect(released.map((e) => e.data)).toEqual([expect.objectContaining({ deployment_id: failed, reason: 'orphaned', amount: 100 })]);
  });

  it('starts ended cycles from the read model, and keeps the read model equal to the fold and to its rebuild', async () => {
    const [a, b] = [newId('deployment'), newId('deployment')];
    await reserve(a, 300);
    await reserve(b, 200);
    const settle = { type: 'settle' as const, workspaceId: ws, deploymentId: a, reportedCharge: 250, now: after(10).toISOString() };
    await run(settle, { correlationId: 'c', causationId: null });
    expect(await rollEndedCycles(run, db.pool, after(3600))).toBe(0);
    expect(await rollEndedCycles(run, db.pool, after(86_400))).toBe(1);
    const truth = await showAccount(store, ws);
    expect(truth).toMatchObject({ allowance: 1000, credits_reserved: 200, charged_this_cycle: 0, cycle_start: after(86_400).toISOString() });
    const usage = await findUsage(db.pool, ws, after(86_400));
    expect(usage).toMatchObject({
      credits_remaining: truth.credits_remaining,
      credits_reserved: 200,
      cycle_start: truth.cycle_start,
      cycle_end: truth.cycle_end,
    });
    // The burn window is the last 7 days, whatever the cycle: 250 credits / 7, then nothing.
    expect(usage?.burn_rate_daily).toBe(Math.round((250 / 7) * 100) / 100);
    expect(await findUsage(db.pool, ws, after(8 * 86_400 + 11))).toMatchObject({ burn_rate_daily: 0, forecasted_depletion: null });

    const before = await db.pool.query('SELECT * FROM accounts_view ORDER BY workspace_id');
    await store.rebuildProjection(accountsViewProjection);
    await store.rebuildProjection(reservationsViewProjection);
    expect((await db.pool.query('SELECT * FROM accounts_view ORDER BY workspace_id')).rows).toEqual(before.rows);
  });

  it('keeps its cached state honest: writes by others are read before deciding', async () => {
    await reserve(newId('deployment'), 900);
    // Operations write through another process (the gateway's admin API, the ops CLI).
    await grantCredits(store, ws, { credits: 50, note: '', reference: null }, { now: T0, requestId: 'req_ops', policy: POLICY });
    await expect(reserve(newId('deployment'), 151)).rejects.toMatchObject({ code: 'credits_exhausted' });
    await expect(reserve(newId('deployment'), 150)).resolves.toMatchObject({ credits_remaining: 0 });
  });

  it('decides on its kept state without reading; once another process has written, it conflicts once and then reads', async () => {
    let reads = 0;
    const counted = new CachedAccountRunner(
      countingReads(store, () => (reads += 1)),
      POLICY,
    ).run;
    const reserveWith = (runner: AccountRunner, amount: number) =>
      reserveCredits(runner, { workspace_id: ws, deployment_id: newId('deployment'), amount, request_id: 'req_t' }, { now: T0, ttlSeconds: 60 });
    await reserveWith(counted, 100);
    expect(reads).toBe(1);
    await reserveWith(counted, 100);
    await reserveWith(counted, 100);
    expect(reads).toBe(1);
    // Another replica reserves: the kept state is behind, the append says so, the next attempt reads.
    await reserveWith(new CachedAccountRunner(store, POLICY).run, 100);
    await expect(reserveWith(counted, 100)).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await expect(reserveWith(counted, 100)).resolves.toMatchObject({ credits_remaining: 500 });
    expect(reads).toBe(2);
  });
});
