import { asWithItems, statementForShape, valuesOfWrites } from './projection-writes';

describe('asWithItems', () => {
  it("numbers each write's parameters after the offset and the writes before it", () => {
    const { items, values } = asWithItems(
      [
        { text: 'INSERT INTO a (x, y) SELECT $1, $2 FROM appended', values: ['x', 'y'] },
        { text: 'DELETE FROM b WHERE id = $1 AND other = $1 AND EXISTS (SELECT 1 FROM appended)', values: ['id'] },
        { text: 'INSERT INTO c (v) SELECT $10 FROM appended', values: Array.from({ length: 10 }, (_, n) => n) },
      ],
      8,
    );
    expect(items).toEqual([
      'w0 AS (INSERT INTO a (x, y) SELECT $9, $10 FROM appended)',
      'w1 AS (DELETE FROM b WHERE id = $11 AND other = $11 AND EXISTS (SELECT 1 FROM appended))',
      'w2 AS (INSERT INTO c (v) SELECT $21 FROM appended)',
    ]);
    expect(values).toEqual(['x', 'y', 'id', 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('leaves nothing when there is nothing to write', () => {
    expect(asWithItems([], 8)).toEqual({ items: [], values: [] });
  });
});

describe('asWithItems on a text seen before', () => {
  it('renumbers it for each offset, not as it was the first time', () => {
    const write = { text: 'DELETE FROM b WHERE id = $1', values: ['id'] };
    expect(asWithItems([write], 0).items).toEqual(['w0 AS (DELETE FROM b WHERE id = $1)']);
    expect(asWithItems([write], 8).items).toEqual(['w0 AS (DELETE FROM b WHERE id = $9)']);
    expect(asWithItems([write, write], 0).items).toEqual(['w0 AS (DELETE FROM b WHERE id = $1)', 'w1 AS (DELETE FROM b WHERE id = $2)']);
  });
});

describe('statementForShape', () => {
  const write = (text: string, ...values: unknown[]) => ({ text, values });

  it('builds a statement once per kind and sequence of write texts, then gives the same string', () => {
    let builds = 0;
    const build = () => `statement ${++builds}`;
    const writes = [write('INSERT INTO a SELECT $1 FROM appended', 1), write('DELETE FROM b WHERE id = $1', 2)];
    const first = statementForShape('probe', writes, build);
    expect(statementForShape('probe', [write(writes[0]!.text, 9), write(writes[1]!.text, 8)], build)).toBe(first);
    expect(statementForShape('probe', [writes[1]!, writes[0]!], build)).not.toBe(first);
    expect(statementForShape('probe', [writes[0]!], build)).not.toBe(first);
    expect(statementForShape('other', writes, build)).not.toBe(first);
    expect(builds).toBe(4);
  });

  it('joins the writes’ values in order, as asWithItems numbers them', () => {
    const writes = [write('x $1 $2', 'a', 'b'), write('y $1', 'c')];
    expect(valuesOfWrites(writes)).toEqual(asWithItems(writes, 3).values);
  });
});
