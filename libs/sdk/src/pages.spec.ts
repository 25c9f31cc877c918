import { allItems } from './pages';

describe('allItems', () => {
  it('follows next cursors until a page has none, asking for each page once', async () => {
    const pages: Record<string, { data: number[]; next: string | null; has_more: boolean }> = {
      first: { data: [1, 2], next: 'c2', has_more: true },
      c2: { data: [], next: 'c3', has_more: true },
      c3: { data: [3], next: null, has_more: false },
    };
    const asked: Array<string | undefined> = [];
    const items: number[] = [];
    const listPage = async (cursor: string | undefined) => {
      asked.push(cursor);
      return pages[cursor ?? 'first'];
    };
    for await (const item of allItems(listPage)) items.push(item);
    expect(items).toEqual([1, 2, 3]);
    expect(asked).toEqual([undefined, 'c2', 'c3']);
  });
});
