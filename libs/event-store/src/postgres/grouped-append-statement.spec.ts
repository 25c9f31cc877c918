import { newEvent, newStreamName } from '../testing/contract-fixtures';
import { groupedAppendStatement, type StatementAppend } from './grouped-append-statement';

const UPSERT = 'INSERT INTO things (id, n) SELECT $1, $2::int FROM appended ON CONFLICT (id) DO UPDATE SET n = EXCLUDED.n';
const TOUCH = 'UPDATE counters SET n = n + 1 WHERE id = $1 AND EXISTS (SELECT 1 FROM appended)';

const append = (writes: StatementAppend['writes']): StatementAppend => ({ streamName: newStreamName(), events: [newEvent()], expected: 'no_stream', writes, traceparent: undefined });

describe('groupedAppendStatement', () => {
  it('numbers each append\'s parameters after the last one\'s, and gates its writes on its own append', () => {
    const { text, values } = groupedAppendStatement([append([{ text: UPSERT, values: ['a', 1] }]), append([]), append([{ text: TOUCH, values: ['c'] }])], 'channel');
    expect(text).toMatch(/r0 AS MATERIALIZED \(SELECT \* FROM append_to_stream\(\$1, \$2, \$3, \$4, ARRAY\(.*\$5::jsonb.*\), ARRAY\(.*\$6::jsonb.*\), \$7, \$8\)\)/);
    expect(text).toContain('w0_0 AS (INSERT INTO things (id, n) SELECT $9, $10::int FROM appended_0 ON CONFLICT');
    expect(text).toMatch(/r1 AS MATERIALIZED \(SELECT \* FROM append_to_stream\(\$11, \$12, \$13, \$14, ARRAY\(.*\$15::jsonb.*\), ARRAY\(.*\$16::jsonb.*\), \$17, \$18\)\)/);
    expect(text).not.toContain('appended_1');
    expect(text).toContain('r2 AS MATERIALIZED (SELECT * FROM append_to_stream($19,');
    expect(text).toContain('w2_0 AS (UPDATE counters SET n = n + 1 WHERE id = $27 AND EXISTS (SELECT 1 FROM appended_2))');
    expect(values).toHaveLength(27);
    expect(values.slice(8, 10)).toEqual(['a', 1]);
    expect(values[26]).toBe('c');
  });

  it('builds a shape\'s text once and hands the same string back, so it is prepared once per connection', () => {
    const first = groupedAppendStatement([append([{ text: UPSERT, values: ['a', 1] }]), append([{ text: UPSERT, values: ['b', 2] }])], 'channel');
    const second = groupedAppendStatement([append([{ text: UPSERT, values: ['c', 3] }]), append([{ text: UPSERT, values: ['d', 4] }])], 'channel');
    expect(second.text).toBe(first.text);
    expect([first.named, second.named]).toEqual([true, true]);
    expect(second.values.slice(8, 10)).toEqual(['c', 3]);
    const otherShape = groupedAppendStatement([append([{ text: UPSERT, values: ['e', 5] }]), append([{ text: TOUCH, values: ['f'] }])], 'channel');
    expect(otherShape.text).not.toBe(first.text);
  });
});
