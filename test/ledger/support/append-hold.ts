import type { Pool, PoolClient } from 'pg';
import { waitUntil } from '@eh/platform/testing';

/** Any constant: the advisory lock key the test holds while an append waits on it. */
const HOLD_KEY = 150_015;

/**
 * Holds the append of one event type in the test's own database, from outside the services
 * (no crash hook in production code). A trigger on `events` makes the inserting
 * transaction wait for an advisory lock this object holds, so a writer can be caught between
 * what it did before its append (e.g. the gateway's reserve) and the append itself.
 */
export class AppendHold {
  private constructor(
    private readonly pool: Pool,
    private readonly holder: PoolClient,
  ) {}

  static async install(pool: Pool, eventType: string): Promise<AppendHold> {
    await pool.query(`
      CREATE OR REPLACE FUNCTION test_hold_append() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(${HOLD_KEY});
        RETURN NEW;
      END $$`);
    await pool.query('DROP TRIGGER IF EXISTS test_hold_append ON events');
    // The type is a literal, not a parameter: DDL takes none.
    await pool.query(
      `CREATE TRIGGER test_hold_append BEFORE INSERT ON events FOR EACH ROW WHEN (NEW.event_type = '${eventType.replace(/'/g, "''")}') EXECUTE FUNCTION test_hold_append()`,
    );
    const holder = await pool.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [HOLD_KEY]);
    return new AppendHold(pool, holder);
  }

  /** Process ids of the backends waiting on the hold, once there is at least one. */
  async waitForHeldAppend(): Promise<number[]> {
    return waitUntil(
      async () => {
        const { rows } = await this.pool.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory' AND query LIKE '%append_to_stream(%'`,
        );
        return rows.length > 0 ? rows.map((row) => row.pid) : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 20, description: 'an append held by the trigger' },
    );
  }

  /**
   * Ends the held transactions without letting them commit (their client is gone: a crash),
   * then lets appends through again and removes the trigger.
   */
  async abortHeldAndRemove(pids: readonly number[]): Promise<void> {
    for (const pid of pids) await this.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    await this.holder.query('SELECT pg_advisory_unlock($1)', [HOLD_KEY]);
    this.holder.release();
    await this.pool.query('DROP TRIGGER IF EXISTS test_hold_append ON events');
  }
}
