import { PostgresEventStore } from '@eh/event-store';
import { createPool, isDatabaseUnavailable, poolSizeFromEnv, runMigrations, type Migration, type ServiceConfig } from '@eh/platform';
import type { Pool } from 'pg';
import { allMigrations, inlineProjections, projectionsOf, unmountedProjectionGuard, type ContextModule } from './context-modules';
import { isStoreOnlyAppend as quietAppend } from './relay-qualifiers';

export { allMigrations, inlineProjections } from './context-modules';

export interface Database {
  pool: Pool;
  store: PostgresEventStore;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Tables only one service uses (e.g. the gateway's Idempotency-Key slots), applied after the shared ones. */
  ownMigrations?: readonly Migration[];
  /**
   * The context modules the process mounts: the store runs exactly their inline projections,
   * and refuses an append that would feed a read model of a context not mounted. Absent: every
   * context (the ops CLI, tests, benches act on all of them).
   */
  modules?: readonly ContextModule[];
  /**
   * While PostgreSQL is unreachable, keep trying (with back-off) instead of failing: a service
   * started before its database waits for it rather than exiting into a crash loop.
   */
  waitForServer?: boolean;
  /** Where the waiting is reported (once when it starts, once when it ends). */
  log?: (line: string) => void;
  /** The service's name, which its connections carry as `application_name`: pg_stat_activity and the server's logs say whose a session is. */
  applicationName?: string;
}

/** A database whose pool and store exist at once, and whose migrations run in the background until they succeed. */
export interface StartingDatabase extends Database {
  /** True once the migrations are applied: the schema is there to serve. */
  readonly ready: boolean;
  /** Resolves when ready or closed first (see `ready`); rejects on a failure that waiting cannot cure (a broken migration). */
  readonly whenReady: Promise<void>;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

function storeFor(pool: Pool, modules: readonly ContextModule[] | undefined): PostgresEventStore {
  if (!modules) return new PostgresEventStore(pool, { inlineProjections, quietAppend });
  return new PostgresEventStore(pool, { inlineProjections: projectionsOf(modules), beforeAppend: unmountedProjectionGuard(modules), quietAppend });
}

/**
 * Opens the pool and the store without waiting for the server (pg connects lazily), then
 * applies the migrations, retrying with back-off while the server is unreachable. For the
 * gateway, which must answer liveness and 503 while its database is down.
 */
export function startDatabase(config: Pick<ServiceConfig, 'databaseUrl'>, poolSize = 10, options: DatabaseOptions = {}): StartingDatabase {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const pool = createPool(config.databaseUrl, {
    max: poolSizeFromEnv(poolSize),
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
  });
  const store = storeFor(pool, options.modules);
  const migrations = [...allMigrations, ...(options.ownMigrations ?? [])];
  let ready = false;
  let closed = false;
  let pause: { timer: NodeJS.Timeout; resolve: () => void } | undefined;
  const migrate = async (): Promise<void> => {
    for (let attempt = 1, delay = FIRST_RETRY_MS; ; attempt++, delay = Math.min(delay * 2, MAX_RETRY_MS)) {
      if (closed) return;
      try {
        await runMigrations(pool, migrations);
        if (attempt > 1) log(`PostgreSQL reachable after ${attempt} attempts; migrations applied`);
        ready = true;
        return;
      } catch (error) {
        if (options.waitForServer === false || !isDatabaseUnavailable(error)) throw error;
        if (attempt === 1) log(`PostgreSQL unreachable (${reason(error)}); retrying until it answers`);
        await new Promise<void>((resolve) => {
          pause = { timer: setTimeout(resolve, delay), resolve };
        });
      }
    }
  };
  const whenReady = migrate();
  // Observed here so a caller that never awaits it cannot crash the process with an unhandled rejection.
  whenReady.catch(() => undefined);
  return {
    pool,
    store,
    get ready() {
      return ready;
    },
    whenReady,
    async close() {
      closed = true;
      if (pause) {
        clearTimeout(pause.timer);
        pause.resolve();
      }
      await whenReady.catch(() => undefined);
      await store.close();
      await pool.end();
    },
  };
}

/**
 * Opens the database and applies the migrations before resolving. `waitForServer` (services)
 * keeps trying while PostgreSQL is unreachable; without it (the ops CLI, tests) that fails at once.
 */
export async function openDatabase(
  config: Pick<ServiceConfig, 'databaseUrl'>,
  poolSize = 10,
  ownMigrations: readonly Migration[] = [],
  options: Omit<DatabaseOptions, 'ownMigrations'> = {},
): Promise<Database> {
  const database = startDatabase(config, poolSize, { waitForServer: false, ...options, ownMigrations });
  try {
    await database.whenReady;
  } catch (error) {
    await database.close();
    throw error;
  }
  if (!database.ready) throw new Error('database closed before it was ready');
  return { pool: database.pool, store: database.store, close: () => database.close() };
}

function reason(error: unknown): string {
  if (error instanceof AggregateError) return error.errors.map(reason).join('; ');
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause === undefined ? error.message : `${error.message}: ${reason(cause)}`;
}
