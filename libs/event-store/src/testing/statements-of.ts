import { Client } from 'pg';

/**
 * What was sent to PostgreSQL while `work` ran, in order: `append_to_stream` for a statement
 * that calls it, `grouped appends` for one that calls `append_to_streams` (GroupedAppends),
 * the first keyword of any other (`BEGIN`, `SELECT`, `WITH`, `COMMIT` …).
 */
export async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const spy = jest.spyOn(Client.prototype, 'query');
  try {
    await work();
    return spy.mock.calls.map(([query]) => {
      const text = typeof query === 'string' ? query : (query as { text: string }).text;
      if (/append_to_streams\(/.test(text)) return 'grouped appends';
      return /append_to_stream/.test(text) ? 'append_to_stream' : text.trim().split(/\s+/)[0];
    });
  } finally {
    spy.mockRestore();
  }
}
