import { runMigrations } from '@eh/platform';
import { createTestDatabase, type TestDatabase } from '@eh/platform/testing';
import { beginPostgresPendingAppend } from '../testing/postgres-pending-append';
import { describeEventStoreContract } from '../testing/event-store.contract';
import { eventStoreMigrations } from './event-store.migrations';
import { PostgresEventStore } from './postgres-event-store';

describeEventStoreContract('PostgresEventStore', async () => {
  const db: TestDatabase = await createTestDatabase();
  await runMigrations(db.pool, eventStoreMigrations);
  const store = new PostgresEventStore(db.pool);
  return {
    store,
    beginPendingAppend: (streamName, event) => beginPostgresPendingAppend(db.url, streamName, event),
    async cleanup() {
      await store.close();
      await db.drop();
    },
  };
});
