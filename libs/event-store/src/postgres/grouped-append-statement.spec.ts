import { newEvent, newStreamName } from '../testing/contract-fixtures';
import { groupedAppendStatement, type StatementAppend } from './grouped-append-statement';

const UPSERT = 'INSERT INTO things (id, n) SELECT $1, $2::int FROM appended ON CONFLICT (id) DO UPDATE SET n = EXCLUDED.n';
const TOUCH = 'UPDATE counters SET n = n + 1 WHERE id = $1 AND EXISTS (SELECT 1 FROM appended)';

const append = (writes: StatementAppend['writes']): StatementAppend => ({
  streamName: newStreamName(),
  events: [newEvent()],
  expected: 'no_stream',
  writes,
  traceparent: undefined,
});

describe('groupedAppendStatement', () => {
  it("calls append_to_streams once, numbers each append's writes after it, and gates them on their own append", () => {
    const appends = [append([{ text: UPSERT, values: ['a', 1] }]), append([]), append([{ text: TOUCH, values: ['c'] }])];
    const { text, values } = groupedAppendStatement(appends, 'channel');
    expect(text).toContain('r AS MATERIALIZED (SELECT * FROM append_to_streams($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb))');
    expect(text).toContain('appended_0 AS MATERIALIZED (SELECT 1 FROM r WHERE append_index = 0 AND event_id IS NOT NULL LIMIT 1)');
    expect(text).toContain('w0_0 AS (INSERT INTO things (id, n) SELECT $10, $11::int FROM appended_0 ON CONFLICT');
    expect(text).not.toContain('appended_1');
    expect(text).toContain('w2_0 AS (UPDATE counters SET n = n + 1 WHERE id = $12 AND EXISTS (SELECT 1 FROM appended_2))');
    expect(values).toHaveLength(12);
    expect(values.slice(0, 3)).toEqual([appends.map((one) => one.streamName), ['no_stream', 'no_stream', 'no_stream'], ['channel', 'channel', 'channel']]);
    expect(values.slice(9)).toEqual(['a', 1, 'c']);
  });

  it('numbers each event by its append and its place in it, and sends no channel for a quiet append', () => {
    const two = { ...append([]), events: [newEvent(), newEvent()] };
    const quiet = { ...append([]), quiet: true };
    const { values } = groupedAppendStatement([two, quiet], 'channel');
    expect(values[2]).toEqual(['channel', null]);
    expect(values[3]).toEqual([...two.events, ...quiet.events].map((event) => event.id));
    expect(values.slice(5, 7)).toEqual([
      [1, 1, 2],
      [1, 2, 1],
    ]);
    expect(JSON.parse(values[7] as string)).toEqual([...two.events, ...quiet.events].map((event) => event.data));
  });

  it("builds a shape's text once and hands the same string back, so it is prepared once per connection", () => {
    const first = groupedAppendStatement([append([{ text: UPSERT, values: ['a', 1] }]), append([{ text: UPSERT, values: ['b', 2] }])], 'channel');
    const second = groupedAppendStatement([append([{ text: UPSERT, values: ['c', 3] }]), append([{ text: UPSERT, values: ['d', 4] }])], 'channel');
    expect(second.text).toBe(first.text);
    expect([first.named, second.named]).toEqual([true, true]);
    expect(second.values.slice(9, 11)).toEqual(['c', 3]);
    const otherShape = groupedAppendStatement([append([{ text: UPSERT, values: ['e', 5] }]), append([{ text: TOUCH, values: ['f'] }])], 'channel');
    expect(otherShape.text).not.toBe(first.text);
  });

  it('gives groups of appends without writes one shape, whatever their size', () => {
    const two = groupedAppendStatement([append([]), append([])], 'channel');
    const five = groupedAppendStatement(
      Array.from({ length: 5 }, () => append([])),
      'channel',
    );
    expect(five.text).toBe(two.text);
    expect([two.named, five.named]).toEqual([true, true]);
  });

  const ROWS = { text: 'INSERT INTO things (id, n) SELECT id, n FROM rows_appended ON CONFLICT (id) DO UPDATE SET n = EXCLUDED.n', columns: 'id text, n int' };
  const rowsWrite = (id: string, n: number): StatementAppend['writes'][number] => ({ text: UPSERT, values: [id, n], rows: { ...ROWS, row: { id, n } } });

  it('makes a write that takes rows once for the group, over the rows of the appends that wrote, from one JSON parameter', () => {
    const appends = [append([rowsWrite('a', 1)]), append([]), append([rowsWrite('c', 3), { text: TOUCH, values: ['c'] }])];
    const { text, values } = groupedAppendStatement(appends, 'channel');
    expect(text).toContain(`rows_appended_0 AS (SELECT * FROM json_to_recordset($11::json) AS x(append_index int, id text, n int)`);
    expect(text).toContain('WHERE append_index IN (SELECT append_index FROM r WHERE event_id IS NOT NULL))');
    expect(text).toContain('wr0 AS (INSERT INTO things (id, n) SELECT id, n FROM rows_appended_0 ON CONFLICT');
    // Only the write of its own is gated on its append, and numbered before the rows.
    expect(text).not.toMatch(/\bappended_0 AS/);
    expect(text).toContain('w2_1 AS (UPDATE counters SET n = n + 1 WHERE id = $10 AND EXISTS (SELECT 1 FROM appended_2))');
    expect(values).toHaveLength(11);
    expect(values[9]).toBe('c');
    expect(JSON.parse(values[10] as string)).toEqual([
      { id: 'a', n: 1, append_index: 0 },
      { id: 'c', n: 3, append_index: 2 },
    ]);
  });

  it('gives groups whose writes all take rows one shape, whatever their size', () => {
    const two = groupedAppendStatement([append([rowsWrite('a', 1)]), append([rowsWrite('b', 2)])], 'channel');
    const five = groupedAppendStatement(
      Array.from({ length: 5 }, (_, n) => append([rowsWrite(`x${n}`, n)])),
      'channel',
    );
    expect(five.text).toBe(two.text);
    expect([two.named, five.named]).toEqual([true, true]);
    expect(JSON.parse(five.values[9] as string)).toHaveLength(5);
    expect(groupedAppendStatement([append([rowsWrite('a', 1)]), append([{ text: UPSERT, values: ['b', 2] }])], 'channel').text).not.toBe(two.text);
  });
});
