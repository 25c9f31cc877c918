import type { Pool, PoolClient } from 'pg';

/**
 * Leadership of one relay name: a session advisory lock held on a dedicated connection for as
 * long as the relay publishes. If the process dies the session ends and the lock frees itself,
 * so a standby takes over without any lease to expire.
 * The checkpoint is read and saved on this same connection: a relay that lost its session
 * (and so its lock) cannot save a checkpoint any more.
 */
export class RelayLeaderLock {
  private lostReason: Error | undefined;

  private constructor(
    private readonly client: PoolClient,
    private readonly key: string,
  ) {
    client.on('error', (err: Error) => {
      this.lostReason = err;
    });
  }

  /** The lock, or undefined when another session holds it. */
  static async tryAcquire(pool: Pool, name: string): Promise<RelayLeaderLock | undefined> {
    const key = `eh:event-relay:${name}`;
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [key]);
      if (rows[0]?.locked) return new RelayLeaderLock(client, key);
      client.release();
      return undefined;
    } catch (err) {
      client.release(err instanceof Error ? err : true);
      throw err;
    }
  }

  get lost(): boolean {
    return this.lostReason !== undefined;
  }

  async loadCheckpoint(name: string): Promise<string | null> {
    const { rows } = await this.client.query<{ checkpoint: string }>('SELECT checkpoint FROM relay_checkpoints WHERE name = $1', [name]);
    return rows[0]?.checkpoint ?? null;
  }

  async saveCheckpoint(name: string, checkpoint: string): Promise<void> {
    await this.client.query(
      `INSERT INTO relay_checkpoints (name, checkpoint) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET checkpoint = EXCLUDED.checkpoint, updated_at = now()`,
      [name, checkpoint],
    );
  }

  /** Unlocks and returns the connection; a broken one is destroyed (which also unlocks). */
  async release(): Promise<void> {
    if (this.lostReason) {
      this.client.release(this.lostReason);
      return;
    }
    try {
      await this.client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [this.key]);
      this.client.release();
    } catch (err) {
      this.client.release(err instanceof Error ? err : true);
    }
  }
}
