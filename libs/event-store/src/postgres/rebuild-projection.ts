import { withTransaction } from '@eh/platform';
import type { Pool } from 'pg';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './event-rows';
import { streamReader, type InlineProjection } from './inline-projection';

const PAGE_SIZE = 500;

/**
 * Drops and rebuilds one inline read model from the events, in one transaction, so readers
 * see the old model or the new one, never half of it. SHARE mode on `events` waits for
 * appends in flight and holds new ones until the rebuild commits: otherwise an append
 * could apply to the model while the rebuild replays over it.
 * Returns the number of events replayed.
 */
export async function rebuildInlineProjection(pool: Pool, projection: InlineProjection): Promise<number> {
  return withTransaction(pool, async (tx) => {
    await tx.query('LOCK TABLE events IN SHARE MODE');
    await projection.reset?.(tx);
    let replayed = 0;
    let after = { transactionId: '0', globalPosition: '0' };
    for (;;) {
      // No horizon needed: the lock guarantees no writer to `events` is still running.
      const { rows } = await tx.query<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events
          WHERE event_type = ANY($1::text[])
            AND (transaction_id, global_position) > ($2::xid8, $3::bigint)
          ORDER BY transaction_id, global_position
          LIMIT $4`,
        [projection.handles, after.transactionId, after.globalPosition, PAGE_SIZE],
      );
      const last = rows[rows.length - 1];
      if (!last) return replayed;
      await projection.apply(rows.map(toRecordedEvent), tx, streamReader(tx));
      replayed += rows.length;
      after = { transactionId: last.txid_text, globalPosition: last.position_text };
    }
  });
}
