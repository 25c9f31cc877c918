import type { ExpectedVersion, NewEvent } from '../event-store.port';
import { appendCall, appendValues, type AppendedRow } from './append-to-stream';
import type { ProjectionWrite } from './projection-writes';

/** One append that is a statement on its own: no inline projection refolds in its transaction. */
export interface StatementAppend {
  streamName: string;
  events: readonly NewEvent[];
  expected: ExpectedVersion;
  /** Its projections' writes from the caller's fold (writesFromFold), gated on its own events. */
  writes: readonly ProjectionWrite[];
  /** The span that asked for it (issue 16), stamped on its events. */
  traceparent: string | undefined;
}

/** The parameters of a write's text moved up by `shift`, and its `appended` renamed to the append's own. */
function scopedWriteText(text: string, shift: number, appendedName: string): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`).replace(/\bappended\b/g, appendedName);
}

/**
 * Issue 14: several appends, to different streams or not, in one statement and so one transaction
 * and one round trip. Each is the `append_to_stream` call it would be alone, with its projection
 * writes gated on its own `appended_<n>`; a version mismatch writes nothing for that append and
 * leaves the others be (the function returns a row saying so instead of raising). PostgreSQL runs
 * each materialized call when the final SELECT first reads it, so in the order of `appends`.
 */
export function groupedAppendStatement(appends: readonly StatementAppend[], notifyChannel: string): { text: string; values: unknown[] } {
  const items: string[] = [];
  const values: unknown[] = [];
  for (const [index, append] of appends.entries()) {
    const first = values.length + 1;
    values.push(...appendValues(append.streamName, append.events, append.expected, notifyChannel, false, append.traceparent));
    items.push(`r${index} AS MATERIALIZED (SELECT * FROM ${appendCall(first)})`);
    if (append.writes.length === 0) continue;
    const appended = `appended_${index}`;
    items.push(`${appended} AS MATERIALIZED (SELECT 1 FROM r${index} WHERE event_id IS NOT NULL LIMIT 1)`);
    for (const [writeIndex, write] of append.writes.entries()) {
      items.push(`w${index}_${writeIndex} AS (${scopedWriteText(write.text, values.length, appended)})`);
      values.push(...write.values);
    }
  }
  const results = appends.map((_, index) => `SELECT ${index} AS append_index, * FROM r${index}`).join('\n     UNION ALL ');
  const text = `WITH ${items.join(',\n     ')}
     SELECT * FROM (${results}) grouped ORDER BY append_index, revision_text::bigint NULLS FIRST`;
  return { text, values };
}

/** The rows of each append, in the order of the group. */
export function rowsByAppend(count: number, rows: readonly (AppendedRow & { append_index: number })[]): AppendedRow[][] {
  const byAppend: AppendedRow[][] = Array.from({ length: count }, () => []);
  for (const row of rows) byAppend[row.append_index]?.push(row);
  return byAppend;
}
