import type { SqlClient } from '@eh/platform';
import type { RecordedEvent } from '../event-store.port';

/**
 * A read model kept in the same PostgreSQL transaction as the append (DESIGN.md: "the gateway
 * must read its own writes"): it is visible as soon as append returns, and an apply that
 * throws aborts the append, so the events and the read model never disagree.
 */
export interface InlineProjection {
  /** For error messages and rebuild bookkeeping. */
  name: string;
  /** Event types this projection receives; an append with none of them skips it. */
  handles: readonly string[];
  /** Called with the events of one append (or one rebuild page) that it handles, in order. */
  apply(events: RecordedEvent[], tx: SqlClient): Promise<void>;
  /** Clears the read model before a rebuild. */
  reset?(tx: SqlClient): Promise<void>;
}

export async function applyInlineProjections(
  projections: readonly InlineProjection[],
  events: RecordedEvent[],
  tx: SqlClient,
): Promise<void> {
  for (const projection of projections) {
    const handled = events.filter((event) => projection.handles.includes(event.type));
    if (handled.length > 0) await projection.apply(handled, tx);
  }
}
