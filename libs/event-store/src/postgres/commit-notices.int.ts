/**
 * The store's commit feed against a real PostgreSQL. Each committed append is reported
 * with the transaction id its events' checkpoints carry, in commit order (not transaction id
 * order); a dropped LISTEN connection is reported as lost, then listened again by itself.
 */
import { createPool } from '@eh/platform';
import { Client } from 'pg';
import type { CommitObserver } from '../event-store.port';
import { newEvent, newStreamName } from '../testing/contract-fixtures';
import { postgresStorePerSuite } from '../testing/postgres-store-per-suite';
import { DEFAULT_APPEND_CHANNEL } from './postgres-event-store';
import { decodeCheckpoint } from './postgres-checkpoint';
import { eventStoreMigrations } from './event-store.migrations';
import { parseAppendNotice } from './commit-notices';

class RecordingObserver implements CommitObserver {
  readonly heard: string[] = [];
  listens = 0;
  losses = 0;
  committedBefore: string | undefined;
  listening(committedBefore?: string): void {
    this.listens++;
    this.committedBefore = committedBefore;
  }
  lost(): void {
    this.losses++;
  }
  appended(streamName: string, transactionId: string | undefined): void {
    this.heard.push(`${streamName}@${transactionId}`);
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('PostgresEventStore.watchCommits', () => {
  const env = postgresStorePerSuite(eventStoreMigrations, {}, (url) => createPool(url, { max: 3 }));

  const listenerBackends = async (): Promise<number[]> =>
    (
      await env.db.pool.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND (query LIKE 'LISTEN%' OR query LIKE '%pg_current_snapshot%')",
      )
    ).rows.map((row) => row.pid);

  it('reports appends in commit order, with their events’ transaction ids', async () => {
    const observer = new RecordingObserver();
    const unwatch = env.store.watchCommits(observer);
    try {
      await until(() => observer.listens === 1, 'the feed to listen');
      // An append whose transaction starts first (the lower id) but commits last.
      const late = new Client({ connectionString: env.db.url });
      await late.connect();
      const lateStream = newStreamName();
      await late.query('BEGIN');
      const { rows } = await late.query<{ txid_text: string }>(
        `SELECT txid_text FROM append_to_stream($1, 'any', ARRAY[$2], ARRAY['contract.happened'], ARRAY['{}'::jsonb], ARRAY[$3::jsonb], $4, false)`,
        [lateStream, newEvent().id, JSON.stringify(newEvent().metadata), DEFAULT_APPEND_CHANNEL],
      );
      const earlyStream = newStreamName();
      await env.store.append(earlyStream, [newEvent(), newEvent()], 'no_stream');
      const [earlyEvent] = await env.store.read(earlyStream);
      await late.query('COMMIT');
      await late.end();
      await until(() => observer.heard.length === 2, 'both commits');
      const lateTransaction = rows[0]?.txid_text;
      const earlyTransaction = decodeCheckpoint(earlyEvent?.checkpoint ?? null).transactionId;
      expect(BigInt(lateTransaction ?? '0')).toBeLessThan(BigInt(earlyTransaction));
      expect(observer.heard).toEqual([`${earlyStream}@${earlyTransaction}`, `${lateStream}@${lateTransaction}`]);
    } finally {
      unwatch();
    }
  });

  it('tells, when it listens, a transaction id no transaction still running is below, and no later append', async () => {
    // A writing transaction left open while the feed begins listening (other tests share the server, so
    // an append committed before listening is not always below: the id is the oldest still running).
    const running = new Client({ connectionString: env.db.url });
    await running.connect();
    const observer = new RecordingObserver();
    let unwatch: (() => void) | undefined;
    try {
      await running.query('BEGIN');
      const { rows } = await running.query<{ id: string }>('SELECT pg_current_xact_id()::text AS id');
      // Committed before listening, but after a transaction still running: not known to be visible to every read.
      const during = newStreamName();
      await env.store.append(during, [newEvent()], 'no_stream');
      unwatch = env.store.watchCommits(observer);
      await until(() => observer.listens === 1, 'the feed to listen');
      const after = newStreamName();
      await env.store.append(after, [newEvent()], 'no_stream');
      const committedBefore = BigInt(observer.committedBefore ?? '0');
      expect(committedBefore).toBeGreaterThan(0n);
      expect(BigInt(rows[0]?.id ?? '0')).toBeGreaterThanOrEqual(committedBefore);
      const transactionOf = async (stream: string): Promise<bigint> =>
        BigInt(decodeCheckpoint((await env.store.read(stream))[0]?.checkpoint ?? null).transactionId);
      expect(await transactionOf(during)).toBeGreaterThanOrEqual(committedBefore);
      expect(await transactionOf(after)).toBeGreaterThanOrEqual(committedBefore);
    } finally {
      unwatch?.();
      await running.query('ROLLBACK');
      await running.end();
    }
  });

  it('reports a dropped connection as lost, listens again by itself, and closes when the last observer leaves', async () => {
    const observer = new RecordingObserver();
    const unwatch = env.store.watchCommits(observer);
    await until(() => observer.listens === 1, 'the feed to listen');
    const [backend] = await listenerBackends();
    await env.db.pool.query('SELECT pg_terminate_backend($1)', [backend]);
    await until(() => observer.losses === 1 && observer.listens === 2, 'lost, then listening again');
    const stream = newStreamName();
    await env.store.append(stream, [newEvent()], 'no_stream');
    await until(() => observer.heard.some((heard) => heard.startsWith(`${stream}@`)), 'the append after the reconnect');
    unwatch();
    const deadline = Date.now() + 5_000;
    while ((await listenerBackends()).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await listenerBackends()).toEqual([]);
  });
});

describe('parseAppendNotice', () => {
  it.each([
    ['deployment-dep_1 812', { streamName: 'deployment-dep_1', transactionId: '812' }],
    ['deployment-dep_1', { streamName: 'deployment-dep_1', transactionId: undefined }],
    ['deployment-dep_1 x', { streamName: 'deployment-dep_1', transactionId: undefined }],
    [undefined, { streamName: '', transactionId: undefined }],
  ])('%s', (payload, expected) => {
    expect(parseAppendNotice(payload)).toEqual(expected);
  });
});
