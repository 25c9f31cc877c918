import type { Pool } from 'pg';
import { ProcessedMarks } from './processed-marks';

/** A stand-in for pg's Pool that records each query and answers as told (the batching is what is tested here). */
function recordingPool(answer: () => Promise<unknown> = async () => ({ rows: [] })) {
  const calls: unknown[][] = [];
  const pool = { query: (_text: string, values: unknown[]) => (calls.push(values), answer()) } as unknown as Pool;
  return { pool, calls };
}

describe('ProcessedMarks', () => {
  it('writes the marks made together in one statement and settles each after it', async () => {
    const { pool, calls } = recordingPool();
    const marks = new ProcessedMarks(pool, 2);
    await Promise.all([marks.mark('router', 'evt_1'), marks.mark('ledger', 'evt_1'), marks.mark('router', 'evt_2')]);
    expect(calls).toEqual([
      [
        ['router', 'ledger', 'router'],
        ['evt_1', 'evt_1', 'evt_2'],
      ],
    ]);
  });

  it('rejects every mark of a batch whose write failed, so each message is nacked and redelivered', async () => {
    const { pool } = recordingPool(async () => {
      throw new Error('connection terminated');
    });
    const marks = new ProcessedMarks(pool, 2);
    const results = await Promise.allSettled([marks.mark('router', 'evt_1'), marks.mark('router', 'evt_2')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });

  it('writes what gathered during a write in the next one, no more than maxBatch at a time', async () => {
    const { pool, calls } = recordingPool();
    const marks = new ProcessedMarks(pool, 1, 2);
    await Promise.all(['evt_1', 'evt_2', 'evt_3', 'evt_4', 'evt_5'].map((id) => marks.mark('webhooks', id)));
    expect(calls.map((values) => (values[1] as string[]).length)).toEqual([2, 2, 1]);
  });
});
