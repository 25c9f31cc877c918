import type { SqlClient } from '@eh/platform';

/** The end of an UPDATE's or DELETE's WHERE that makes it a write gated on `appended` (ProjectionWrite). */
export const WITH_ITS_EVENTS = 'AND EXISTS (SELECT 1 FROM appended)';

/**
 * One data-modifying statement of an inline projection (INSERT, UPDATE or DELETE, no WITH of its
 * own), numbered from `$1` over its own `values`. It reads the one-row relation `appended`: a row
 * when the append it belongs to wrote events, none when it wrote nothing, so a write gated on it
 * (`… SELECT … FROM appended`, `… AND EXISTS (SELECT 1 FROM appended)`) happens only with its events.
 * No `$` may appear in the text but as a parameter: the numbers are shifted when writes are joined.
 */
export interface ProjectionWrite {
  text: string;
  values: unknown[];
  /** The same write as one row of a statement for many appends (a group's, grouped-append-statement.ts). */
  rows?: RowsWrite;
}

/**
 * A write that a group of appends makes once for all of them: `text` reads the relation
 * `rows_appended` (every word `rows_appended` in it names that relation) instead of parameters,
 * which holds the row of each append in the group that wrote events, in `columns`. The effect
 * must be the write's own, made once per row; a group whose rows clash (two with one key in an
 * upsert) fails as a whole and is run again one append at a time (GroupedAppends).
 */
export interface RowsWrite {
  text: string;
  /** The relation's columns, as `json_to_recordset` takes them: `name type, …` (not `append_index`, which the group adds). */
  columns: string;
  /** This append's row, a value for each column by name (as JSON: a `json` column takes an object). */
  row: Record<string, unknown>;
}

/** The text with each `$n` moved up by `shift`; run only when a statement's shape is first built (statementForShape). */
function shiftParameters(text: string, shift: number): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);
}

interface ShapeNode {
  next: Map<string, ShapeNode>;
  text?: string;
}

const shapes = new Map<string, ShapeNode>();
const SHAPES_LIMIT = 1_000;
let shapesKept = 0;

/**
 * A statement joining projection writes, built once per shape (the statement's kind,
 * then its writes' texts) and then the same string every time. A text built per append was a new
 * string of a few KB: naming it (statementNameFor) hashed all of it, and the copies V8 made to
 * hash it were a fifth of what the gateway promoted to the old generation under creates. Lookups
 * here hash only the projections' constant texts, whose hashes V8 keeps.
 */
export function statementForShape(kind: string, writes: readonly ProjectionWrite[], build: () => string): string {
  let node: ShapeNode | undefined = shapes.get(kind);
  if (!node) {
    node = { next: new Map() };
    shapes.set(kind, node);
  }
  for (const write of writes) {
    let child: ShapeNode | undefined = node.next.get(write.text);
    if (!child) {
      if (shapesKept >= SHAPES_LIMIT) return build();
      child = { next: new Map() };
      node.next.set(write.text, child);
    }
    node = child;
  }
  if (node.text === undefined) {
    if (shapesKept >= SHAPES_LIMIT) return build();
    node.text = build();
    shapesKept++;
  }
  return node.text;
}

/** The writes' values in order, numbered after the statement's own as `asWithItems` numbers them. */
export function valuesOfWrites(writes: readonly ProjectionWrite[]): unknown[] {
  return writes.flatMap((write) => write.values);
}

/** Writes as `WITH` items `w0 AS (…)`, `w1 AS (…)`, their parameters numbered after `offset`. */
export function asWithItems(writes: readonly ProjectionWrite[], offset: number): { items: string[]; values: unknown[] } {
  const items: string[] = [];
  const values: unknown[] = [];
  for (const [index, write] of writes.entries()) {
    items.push(`w${index} AS (${shiftParameters(write.text, offset + values.length)})`);
    values.push(...write.values);
  }
  return { items, values };
}

/**
 * Outside an append (a projection refolding in the append's transaction, a rebuild): the writes
 * in one statement, `appended` standing for "this append wrote events".
 */
export async function runProjectionWrites(tx: SqlClient, writes: readonly ProjectionWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const text = statementForShape('writes', writes, () => `WITH appended AS (SELECT 1), ${asWithItems(writes, 0).items.join(', ')} SELECT 1`);
  await tx.query(text, valuesOfWrites(writes));
}
