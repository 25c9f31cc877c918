import { deliveriesViewMigrations, deliveriesViewProjection } from '@eh/delivery';
import { deploymentsViewMigrations, deploymentsViewProjection, routingViewMigrations, routingViewProjection } from '@eh/deployments';
import { PostgresEventStore, eventStoreMigrations, relayMigrations } from '@eh/event-store';
import { handoffsViewMigrations, handoffsViewProjection } from '@eh/handoffs';
import { memoryViewMigrations, memoryViewProjection } from '@eh/memory';
import { createPool, runMigrations, type Migration, type ServiceConfig } from '@eh/platform';
import { accountsViewProjection, ledgerViewMigrations, reservationsViewProjection } from '@eh/ledger';
import { expertCompletionsProjection, rosterViewMigrations, rosterViewProjection } from '@eh/roster';
import { workspacesViewMigrations, workspacesViewProjection } from '@eh/workspaces';
import type { Pool } from 'pg';

export interface Database {
  pool: Pool;
  store: PostgresEventStore;
  close(): Promise<void>;
}

/** Every schema the services share, applied once (under a lock) by whichever service starts first. */
export const allMigrations = [
  ...eventStoreMigrations,
  ...relayMigrations,
  ...workspacesViewMigrations,
  ...deploymentsViewMigrations,
  ...rosterViewMigrations,
  ...deliveriesViewMigrations,
  ...routingViewMigrations,
  ...ledgerViewMigrations,
  ...memoryViewMigrations,
  ...handoffsViewMigrations,
];

/** Inline projections run in every writer's append, whichever service appends. */
export const inlineProjections = [
  workspacesViewProjection,
  deploymentsViewProjection,
  deliveriesViewProjection,
  // Issue 5: the roster, brief-fit evidence, and the router's offers/assignments/timers.
  rosterViewProjection,
  expertCompletionsProjection,
  routingViewProjection,
  // Issue 4: accounts readable at once; the reservations view also fences a late `deployment.created` against an orphan release.
  accountsViewProjection,
  reservationsViewProjection,
  // Issue 8: brand memory and handoffs, readable right after their writes.
  memoryViewProjection,
  handoffsViewProjection,
];

/** `ownMigrations`: tables only one service uses (e.g. the gateway's Idempotency-Key slots), applied after the shared ones. */
export async function openDatabase(
  config: Pick<ServiceConfig, 'databaseUrl'>,
  poolSize = 10,
  ownMigrations: readonly Migration[] = [],
): Promise<Database> {
  const pool = createPool(config.databaseUrl, { max: poolSize });
  await runMigrations(pool, [...allMigrations, ...ownMigrations]);
  const store = new PostgresEventStore(pool, { inlineProjections });
  return {
    pool,
    store,
    async close() {
      await store.close();
      await pool.end();
    },
  };
}
