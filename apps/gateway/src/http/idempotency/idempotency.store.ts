import type { SqlClient } from '@eh/platform';
import type { IdempotencySlot } from './deterministic-id.rules';

/** The slot a request won; `lockedUntil` fences its writes against a later takeover. */
export interface IdempotencyClaim extends IdempotencySlot {
  lockedUntil: Date;
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type ClaimOutcome =
  | { kind: 'won'; claim: IdempotencyClaim }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'different_body' }
  | { kind: 'in_progress' };

export interface IdempotencyStoreOptions {
  ttlSeconds: number;
  /** How long a running first attempt holds its slot before another may take over (a crash). */
  leaseSeconds?: number;
}

interface SlotRow {
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
  created_at: Date;
  locked_until: Date;
  expired: boolean;
  lapsed: boolean;
}

const KEY = 'workspace_id = $1 AND route = $2 AND key = $3';
/** Whole milliseconds, so the fence read back into a JS Date compares equal to the stored value. */
const leaseEnd = (seconds: string): string => `date_trunc('milliseconds', now() + make_interval(secs => ${seconds}))`;
/** Claiming races only with itself; a few rounds settle any interleaving. */
const MAX_ROUNDS = 5;

/** Idempotency-Key slots in PostgreSQL (docs/decisions.md "REST conventions"). */
export class IdempotencyStore {
  private readonly ttlSeconds: number;
  private readonly leaseSeconds: number;

  constructor(
    private readonly sql: SqlClient,
    options: IdempotencyStoreOptions,
  ) {
    this.ttlSeconds = options.ttlSeconds;
    this.leaseSeconds = options.leaseSeconds ?? 30;
  }

  /** Wins the slot, or says what its earlier holder left: a response to replay, or a conflict. */
  async claim(workspaceId: string, route: string, key: string, requestHash: string): Promise<ClaimOutcome> {
    const slot = [workspaceId, route, key];
    for (let round = 0; round < MAX_ROUNDS; round++) {
      // Read first: a replay, the case a retrying client meets, costs one query.
      const { rows } = await this.sql.query<SlotRow>(
        `SELECT request_hash, state, response_status, response_headers, response_body, created_at, locked_until,
                created_at <= now() - make_interval(secs => $4) AS expired, locked_until <= now() AS lapsed
           FROM idempotency_keys WHERE ${KEY}`,
        [...slot, this.ttlSeconds],
      );
      const row = rows[0];
      if (!row) {
        const inserted = await this.sql.query<{ created_at: Date; locked_until: Date }>(
          `INSERT INTO idempotency_keys (workspace_id, route, key, request_hash, state, created_at, locked_until)
           VALUES ($1, $2, $3, $4, 'running', now(), ${leaseEnd('$5')})
           ON CONFLICT DO NOTHING RETURNING created_at, locked_until`,
          [...slot, requestHash, this.leaseSeconds],
        );
        if (inserted.rows[0]) return won(workspaceId, route, key, inserted.rows[0]);
        continue;
      }
      if (row.expired) {
        // Past the TTL the slot counts as absent (an answer is cached 24 h).
        await this.sql.query(`DELETE FROM idempotency_keys WHERE ${KEY} AND created_at <= now() - make_interval(secs => $4)`, [...slot, this.ttlSeconds]);
        continue;
      }
      if (row.request_hash !== requestHash) return { kind: 'different_body' };
      if (row.state === 'done') {
        return { kind: 'replay', response: { status: row.response_status ?? 200, headers: row.response_headers ?? {}, body: row.response_body ?? '' } };
      }
      if (!row.lapsed) return { kind: 'in_progress' };
      // The first attempt outlived its lease: it crashed, or hangs. Take the slot over, once.
      const taken = await this.sql.query<{ created_at: Date; locked_until: Date }>(
        `UPDATE idempotency_keys SET locked_until = ${leaseEnd('$5')}
          WHERE ${KEY} AND state = 'running' AND locked_until = $4 RETURNING created_at, locked_until`,
        [...slot, row.locked_until, this.leaseSeconds],
      );
      if (taken.rows[0]) return won(workspaceId, route, key, taken.rows[0]);
    }
    return { kind: 'in_progress' };
  }

  /** Keeps the response for replays; false when the claim had lapsed and was taken over. */
  async complete(claim: IdempotencyClaim, response: StoredResponse): Promise<boolean> {
    const { rowCount } = await this.sql.query(
      `UPDATE idempotency_keys
          SET state = 'done', response_status = $5, response_headers = $6, response_body = $7, locked_until = now()
        WHERE ${KEY} AND state = 'running' AND locked_until = $4`,
      [claim.workspaceId, claim.route, claim.key, claim.lockedUntil, response.status, JSON.stringify(response.headers), response.body],
    );
    return rowCount === 1;
  }

  /** Frees the slot so the client may retry (a 5xx is our fault, not an answer to keep). */
  async release(claim: IdempotencyClaim): Promise<void> {
    await this.sql.query(`DELETE FROM idempotency_keys WHERE ${KEY} AND state = 'running' AND locked_until = $4`, [
      claim.workspaceId,
      claim.route,
      claim.key,
      claim.lockedUntil,
    ]);
  }

  /** Deletes up to `limit` expired slots; claim() already ignores them, this only frees space. */
  async purgeExpired(limit = 1000): Promise<number> {
    const { rowCount } = await this.sql.query(
      `DELETE FROM idempotency_keys WHERE ctid IN (
         SELECT ctid FROM idempotency_keys WHERE created_at <= now() - make_interval(secs => $1) LIMIT $2)`,
      [this.ttlSeconds, limit],
    );
    return rowCount ?? 0;
  }
}

function won(workspaceId: string, route: string, key: string, row: { created_at: Date; locked_until: Date }): ClaimOutcome {
  return { kind: 'won', claim: { workspaceId, route, key, createdAt: row.created_at, lockedUntil: row.locked_until } };
}
