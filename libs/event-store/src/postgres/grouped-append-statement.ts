import type { ExpectedVersion, NewEvent } from '../event-store.port';
import { APPENDED_COLUMNS, appendCall, appendValues, type AppendedRow } from './append-to-stream';
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
  /** Sends no commit notice (PostgresEventStoreOptions.quietAppend). */
  quiet?: boolean;
}

/** The channel an append notifies on: none when it is quiet. */
export const noticeChannelOf = (append: StatementAppend, notifyChannel: string): string | null => (append.quiet ? null : notifyChannel);

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
export function groupedAppendStatement(appends: readonly StatementAppend[], notifyChannel: string): GroupedStatement {
  const values: unknown[] = [];
  for (const append of appends) {
    values.push(...appendValues(append.streamName, append.events, append.expected, noticeChannelOf(append, notifyChannel), false, append.traceparent));
    for (const write of append.writes) values.push(...write.values);
  }
  const shape = shapeOf(appends);
  const kept = shape === undefined ? undefined : texts.get(shape);
  if (kept !== undefined) return { text: kept, values, named: true };
  const text = buildText(appends);
  if (shape === undefined || texts.size >= NAMED_SHAPES) return { text, values, named: false };
  texts.set(shape, text);
  return { text, values, named: true };
}

export interface GroupedStatement {
  text: string;
  values: unknown[];
  /**
   * Whether the text is one of the NAMED_SHAPES kept: prepared once per connection (NamingClient),
   * then sent as its values alone. Any other is sent unnamed, parsed each time.
   */
  named: boolean;
}

/**
 * Group texts kept (and so prepared) per process. Appends of one context mostly share their
 * writes (every delivery's is the deliveries_view upsert), so a group's shape is mostly its size.
 */
const NAMED_SHAPES = 64;
const texts = new Map<string, string>();

/** Each write text seen, numbered: the texts are the projections' constants, whose hashes V8 keeps. */
const writeTextIds = new Map<string, number>();

/**
 * What the text depends on: each append's writes' texts, in order (a text decides its parameters).
 * Undefined once MAX_WRITE_TEXTS texts are numbered and one of these is not: such a group is built each time.
 */
function shapeOf(appends: readonly StatementAppend[]): string | undefined {
  const parts: string[] = [];
  for (const append of appends) {
    const ids: number[] = [];
    for (const write of append.writes) {
      const id = textId(write.text);
      if (id === undefined) return undefined;
      ids.push(id);
    }
    parts.push(ids.join(','));
  }
  return parts.join(';');
}

function textId(text: string): number | undefined {
  const known = writeTextIds.get(text);
  if (known !== undefined || writeTextIds.size >= MAX_WRITE_TEXTS) return known;
  writeTextIds.set(text, writeTextIds.size);
  return writeTextIds.size - 1;
}

const MAX_WRITE_TEXTS = 1_000;

function buildText(appends: readonly StatementAppend[]): string {
  const items: string[] = [];
  let parameters = 0;
  for (const [index, append] of appends.entries()) {
    items.push(`r${index} AS MATERIALIZED (SELECT * FROM ${appendCall(parameters + 1)})`);
    parameters += APPEND_PARAMETERS;
    if (append.writes.length === 0) continue;
    const appended = `appended_${index}`;
    items.push(`${appended} AS MATERIALIZED (SELECT 1 FROM r${index} WHERE event_id IS NOT NULL LIMIT 1)`);
    for (const [writeIndex, write] of append.writes.entries()) {
      items.push(`w${index}_${writeIndex} AS (${scopedWriteText(write.text, parameters, appended)})`);
      parameters += write.values.length;
    }
  }
  const results = appends.map((_, index) => `SELECT ${index} AS append_index, ${APPENDED_COLUMNS} FROM r${index}`).join('\n     UNION ALL ');
  return `WITH ${items.join(',\n     ')}
     SELECT * FROM (${results}) grouped ORDER BY append_index, revision_text::bigint NULLS FIRST`;
}

/** `append_to_stream`'s parameters (appendValues). */
const APPEND_PARAMETERS = 8;

/** The rows of each append, in the order of the group. */
export function rowsByAppend(count: number, rows: readonly (AppendedRow & { append_index: number })[]): AppendedRow[][] {
  const byAppend: AppendedRow[][] = Array.from({ length: count }, () => []);
  for (const row of rows) byAppend[row.append_index]?.push(row);
  return byAppend;
}
