import { connectNats, deleteStreamIfExists, ensureEventsStream, runMigrations } from '@eh/platform';
import { createTestDatabase, testNamespace, type TestDatabase } from '@eh/platform/testing';
import type { JetStreamClient, JetStreamManager, NatsConnection } from 'nats';
import { eventStoreMigrations } from '../postgres/event-store.migrations';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import { relayMigrations } from '../relay/relay.migrations';

export interface JetStreamTestEnv {
  db: TestDatabase;
  store: PostgresEventStore;
  nc: NatsConnection;
  jsm: JetStreamManager;
  js: JetStreamClient;
  /** This test's own JetStream stream and subject prefix. */
  streamName: string;
  subjectPrefix: string;
  /** Runs `stop` callbacks (newest first), then deletes the stream, its consumers and the database. */
  cleanup(): Promise<void>;
  /** Registers something to stop before the stream and database go. */
  onCleanup(stop: () => Promise<void>): void;
}

/** A fresh database, a fresh stream on the loopback JetStream, and the store on top. */
export async function createJetStreamTestEnv(): Promise<JetStreamTestEnv> {
  const ns = testNamespace();
  const streamName = `EVENTS_${ns}`;
  const subjectPrefix = `${ns}.events`;
  const db = await createTestDatabase();
  await runMigrations(db.pool, [...eventStoreMigrations, ...relayMigrations]);
  const store = new PostgresEventStore(db.pool);
  const nc = await connectNats({ name: `test-${ns}` });
  const jsm = await nc.jetstreamManager();
  await ensureEventsStream(jsm, { streamName, subjectPrefix, duplicateWindowMs: 10 * 60_000 });
  const stops: Array<() => Promise<void>> = [];
  return {
    db,
    store,
    nc,
    jsm,
    js: nc.jetstream(),
    streamName,
    subjectPrefix,
    onCleanup: (stop) => stops.push(stop),
    async cleanup() {
      for (const stop of stops.reverse()) await stop();
      await deleteStreamIfExists(jsm, streamName);
      await nc.close();
      await store.close();
      await db.drop();
    },
  };
}

/** Gives each test of the calling `describe` a fresh env (through `use`), cleaned up after the test. */
export function freshJetStreamEnvPerTest(use: (env: JetStreamTestEnv) => void): void {
  let current: JetStreamTestEnv | undefined;
  beforeEach(async () => {
    current = await createJetStreamTestEnv();
    use(current);
  });
  afterEach(async () => {
    await current?.cleanup();
  });
}
