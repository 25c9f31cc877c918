import { runMigrations } from '@eh/platform';
import { createTestDatabase, type TestDatabase } from '@eh/platform/testing';
import { idempotencyMigrations } from './idempotency.migrations';
import { IdempotencyStore, type ClaimOutcome, type IdempotencyClaim } from './idempotency.store';

const WS = 'ws_01JD0000000000000000000000';
const ROUTE = 'POST /v1/deployments';

function wonClaim(outcome: ClaimOutcome): IdempotencyClaim {
  if (outcome.kind !== 'won') throw new Error(`expected to win the slot, got ${outcome.kind}`);
  return outcome.claim;
}

describe('IdempotencyStore against PostgreSQL', () => {
  let db: TestDatabase;
  let store: IdempotencyStore;
  let counter = 0;
  const nextKey = (): string => `key-${++counter}`;

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.pool, idempotencyMigrations);
    store = new IdempotencyStore(db.pool, { ttlSeconds: 60, leaseSeconds: 30 });
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('lets the first request run, holds the others, and then replays its answer exactly', async () => {
    const key = nextKey();
    const claim = wonClaim(await store.claim(WS, ROUTE, key, 'h1'));
    expect(await store.claim(WS, ROUTE, key, 'h1')).toEqual({ kind: 'in_progress' });
    const response = {
      status: 201,
      headers: { 'content-type': 'application/json; charset=utf-8', location: '/v1/deployments/dep_1' },
      body: '{"id":"dep_1","b":1,"a":2}',
    };
    expect(await store.complete(claim, response)).toBe(true);
    expect(await store.claim(WS, ROUTE, key, 'h1')).toEqual({ kind: 'replay', response });
  });

  it('refuses the same key with another body, running or done', async () => {
    const key = nextKey();
    const claim = wonClaim(await store.claim(WS, ROUTE, key, 'h1'));
    expect(await store.claim(WS, ROUTE, key, 'h2')).toEqual({ kind: 'different_body' });
    await store.complete(claim, { status: 400, headers: {}, body: '{}' });
    expect(await store.claim(WS, ROUTE, key, 'h2')).toEqual({ kind: 'different_body' });
  });

  it('keys slots on workspace and route as well as the key', async () => {
    const key = nextKey();
    wonClaim(await store.claim(WS, ROUTE, key, 'h1'));
    wonClaim(await store.claim('ws_01JD0000000000000000000001', ROUTE, key, 'h1'));
    wonClaim(await store.claim(WS, 'POST /v1/deployments/:id/cancel', key, 'h1'));
  });

  it('frees the slot after a 5xx so a retry runs again', async () => {
    const key = nextKey();
    await store.release(wonClaim(await store.claim(WS, ROUTE, key, 'h1')));
    wonClaim(await store.claim(WS, ROUTE, key, 'h1'));
  });

  it('hands a lapsed slot (a crashed first attempt) to one retry, keeping its first-claim time', async () => {
    const key = nextKey();
    const first = wonClaim(await store.claim(WS, ROUTE, key, 'h1'));
    // As the store writes leases: whole milliseconds (the fence compares them exactly).
    await db.pool.query("UPDATE idempotency_keys SET locked_until = date_trunc('milliseconds', now()) - interval '1 second' WHERE key = $1", [key]);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => store.claim(WS, ROUTE, key, 'h1')));
    const takeovers = outcomes.filter((outcome) => outcome.kind === 'won');
    expect(takeovers).toHaveLength(1);
    const takeover = wonClaim(takeovers[0]);
    expect(takeover.createdAt).toEqual(first.createdAt);
    // The crashed attempt's late write is fenced off; the takeover's lands.
    expect(await store.complete(first, { status: 201, headers: {}, body: 'stale' })).toBe(false);
    expect(await store.complete(takeover, { status: 201, headers: {}, body: 'fresh' })).toBe(true);
    expect(await store.claim(WS, ROUTE, key, 'h1')).toMatchObject({ kind: 'replay', response: { body: 'fresh' } });
  });

  it('treats slots older than the TTL as absent, and purges them', async () => {
    const key = nextKey();
    const first = wonClaim(await store.claim(WS, ROUTE, key, 'h1'));
    await store.complete(first, { status: 201, headers: {}, body: 'old' });
    await db.pool.query("UPDATE idempotency_keys SET created_at = now() - interval '61 seconds' WHERE key = $1", [key]);
    const again = wonClaim(await store.claim(WS, ROUTE, key, 'h2'));
    expect(again.createdAt.getTime()).toBeGreaterThan(first.createdAt.getTime());

    const stale = nextKey();
    await store.claim(WS, ROUTE, stale, 'h1');
    await db.pool.query("UPDATE idempotency_keys SET created_at = now() - interval '2 minutes' WHERE key = $1", [stale]);
    expect(await store.purgeExpired()).toBe(1);
    const { rows } = await db.pool.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [stale]);
    expect(rows).toHaveLength(0);
  });

  it('gives a slot to exactly one of many concurrent first requests', async () => {
    const key = nextKey();
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => store.claim(WS, ROUTE, key, 'h1')));
    expect(outcomes.filter((outcome) => outcome.kind === 'won')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === 'in_progress')).toHaveLength(49);
  });
});
