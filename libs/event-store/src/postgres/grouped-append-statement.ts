import type { ExpectedVersion, NewEvent } from '../event-store.port';
import { APPENDED_COLUMNS, withTraceparent, type AppendedRow } from './append-to-stream';
import type { ProjectionWrite, RowsWrite } from './projection-writes';

/** One append that is a statement on its own: no inline projection refolds in its transaction. */
export interface StatementAppend {
  streamName: string;
  events: readonly NewEvent[];
  expected: ExpectedVersion;
  /** Its projections' writes (writesInStatement), gated on its own events. */
  writes: readonly ProjectionWrite[];
  /** The span that asked for it, stamped on its events. */
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
 * Several appends, each to a stream of its own, in one statement and so one transaction
 * and one round trip: one `append_to_streams` call (event-store/007), with each append's projection
 * writes gated on its own `appended_<n>`, and the writes that take rows (ProjectionWrite.rows) made
 * once for the group, over the rows of the appends that wrote. A version mismatch writes nothing
 * for that append and leaves the others be (the function returns a row saying so instead of
 * raising). Two appends to one stream never share a group (GroupedAppends): the second expects
 * what the first wrote.
 */
export function groupedAppendStatement(appends: readonly StatementAppend[], notifyChannel: string): GroupedStatement {
  const values: unknown[] = [...callValues(appends, notifyChannel)];
  for (const append of appends) for (const write of append.writes) if (!write.rows) values.push(...write.values);
  const rowsWrites = rowsWritesOf(appends);
  values.push(...rowsValues(rowsWrites));
  const shape = shapeOf(appends, rowsWrites);
  const kept = shape === undefined ? undefined : texts.get(shape);
  if (kept !== undefined) return { text: kept, values, named: true };
  const text = buildText(appends, rowsWrites);
  if (shape === undefined || texts.size >= NAMED_SHAPES) return { text, values, named: false };
  texts.set(shape, text);
  return { text, values, named: true };
}

/** `append_to_streams`' arguments: per append, then per event with its append and place in it (1-based). */
function callValues(appends: readonly StatementAppend[], notifyChannel: string): unknown[] {
  const ids: string[] = [];
  const types: string[] = [];
  const appendOf: number[] = [];
  const offsets: number[] = [];
  const data: unknown[] = [];
  const metadata: unknown[] = [];
  appends.forEach((append, index) => {
    append.events.forEach((event, offset) => {
      ids.push(event.id);
      types.push(event.type);
      appendOf.push(index + 1);
      offsets.push(offset + 1);
      data.push(event.data ?? null);
      metadata.push(withTraceparent(event.metadata, append.traceparent));
    });
  });
  return [
    appends.map((append) => append.streamName),
    appends.map((append) => String(append.expected)),
    appends.map((append) => noticeChannelOf(append, notifyChannel)),
    ids,
    types,
    appendOf,
    offsets,
    JSON.stringify(data),
    JSON.stringify(metadata),
  ];
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
 * What the text depends on: the place of each append with writes of its own, and their texts in
 * order (a text decides its parameters), then the texts of the writes that take rows. Appends
 * without writes are all in the one call, and those whose writes take rows in their writes' one
 * parameter: a group of them has one shape, whatever its size.
 * Undefined once MAX_WRITE_TEXTS texts are numbered and one of these is not: such a group is built each time.
 */
function shapeOf(appends: readonly StatementAppend[], rowsWrites: RowsWrites): string | undefined {
  const parts: string[] = [];
  for (const [index, append] of appends.entries()) {
    const ids: number[] = [];
    for (const write of append.writes) {
      if (write.rows) continue;
      const id = textId(write.text);
      if (id === undefined) return undefined;
      ids.push(id);
    }
    if (ids.length > 0) parts.push(`${index}:${ids.join(',')}`);
  }
  const rowsIds: number[] = [];
  for (const text of rowsWrites.keys()) {
    const id = textId(text);
    if (id === undefined) return undefined;
    rowsIds.push(id);
  }
  return rowsIds.length === 0 ? parts.join(';') : `${parts.join(';')}|${rowsIds.join(',')}`;
}

/**
 * The group's writes that take rows, by text, in the order first met, each with the rows of its
 * appends. A text stands for its columns: it reads them by name, so the first write met speaks for all.
 */
function rowsWritesOf(appends: readonly StatementAppend[]): RowsWrites {
  const byText: RowsWrites = new Map();
  for (const [appendIndex, append] of appends.entries()) {
    for (const { rows: write } of append.writes) {
      if (!write) continue;
      let group = byText.get(write.text);
      if (!group) {
        group = { write, rows: [] };
        byText.set(write.text, group);
      }
      group.rows.push({ appendIndex, row: write.row });
    }
  }
  return byText;
}

type RowsWrites = Map<string, { write: RowsWrite; rows: { appendIndex: number; row: Record<string, unknown> }[] }>;

/** One JSON parameter per write that takes rows: its rows, each with the index of its append (`append_index`). */
function rowsValues(rowsWrites: RowsWrites): string[] {
  return [...rowsWrites.values()].map(({ rows }) => JSON.stringify(rows.map(({ appendIndex, row }) => ({ ...row, append_index: appendIndex }))));
}

function textId(text: string): number | undefined {
  const known = writeTextIds.get(text);
  if (known !== undefined || writeTextIds.size >= MAX_WRITE_TEXTS) return known;
  writeTextIds.set(text, writeTextIds.size);
  return writeTextIds.size - 1;
}

const MAX_WRITE_TEXTS = 1_000;

function buildText(appends: readonly StatementAppend[], rowsWrites: RowsWrites): string {
  const items = [`r AS MATERIALIZED (SELECT * FROM append_to_streams($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb))`];
  let parameters = CALL_PARAMETERS;
  for (const [index, append] of appends.entries()) {
    if (!append.writes.some((write) => !write.rows)) continue;
    const appended = `appended_${index}`;
    items.push(`${appended} AS MATERIALIZED (SELECT 1 FROM r WHERE append_index = ${index} AND event_id IS NOT NULL LIMIT 1)`);
    for (const [writeIndex, write] of append.writes.entries()) {
      if (write.rows) continue;
      items.push(`w${index}_${writeIndex} AS (${scopedWriteText(write.text, parameters, appended)})`);
      parameters += write.values.length;
    }
  }
  for (const [rowsIndex, { write }] of [...rowsWrites.values()].entries()) {
    parameters += 1;
    const relation = `rows_appended_${rowsIndex}`;
    items.push(
      `${relation} AS (SELECT * FROM json_to_recordset($${parameters}::json) AS x(append_index int, ${write.columns})
                        WHERE append_index IN (SELECT append_index FROM r WHERE event_id IS NOT NULL))`,
    );
    items.push(`wr${rowsIndex} AS (${write.text.replace(/\brows_appended\b/g, relation)})`);
  }
  return `WITH ${items.join(',\n     ')}
     SELECT append_index, ${APPENDED_COLUMNS} FROM r ORDER BY append_index, revision_text::bigint NULLS FIRST`;
}

/** `append_to_streams`' parameters (callValues). */
const CALL_PARAMETERS = 9;

/** The rows of each append, in the order of the group. */
export function rowsByAppend(count: number, rows: readonly (AppendedRow & { append_index: number })[]): AppendedRow[][] {
  const byAppend: AppendedRow[][] = Array.from({ length: count }, () => []);
  for (const row of rows) byAppend[row.append_index]?.push(row);
  return byAppend;
}
