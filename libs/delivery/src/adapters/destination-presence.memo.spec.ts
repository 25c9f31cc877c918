import type { RecordedEvent } from '@eh/event-store';
import { oncePerBatch } from './destination-presence.memo';

const event = (transactionId: number, position: number, streamName = 'deployment-dep_1'): RecordedEvent => ({
  id: `evt_${position}`,
  type: 'deployment.accepted',
  data: {},
  metadata: { workspace_id: 'ws_1', correlation_id: 'req_1', causation_id: null, schema_version: 1, occurred_at: '2026-11-23T00:00:00.000Z' },
  streamName,
  streamRevision: position,
  checkpoint: `${transactionId}:${position}`,
  recordedAt: '2026-11-23T00:00:00.000Z',
});

describe('oncePerBatch: one destination check per committed batch of a stream (issue 14)', () => {
  it('asks once for the events of one transaction and stream, again for another transaction or stream', async () => {
    const asked: string[] = [];
    const check = oncePerBatch(async (recorded) => {
      asked.push(recorded.id);
      return recorded.checkpoint.startsWith('7:');
    });
    expect(await Promise.all([check(event(7, 1)), check(event(7, 2)), check(event(7, 3))])).toEqual([true, true, true]);
    expect(await check(event(8, 4))).toBe(false);
    expect(await check(event(7, 5, 'deployment-dep_2'))).toBe(true);
    expect(asked).toEqual(['evt_1', 'evt_4', 'evt_5']);
  });

  it('forgets a check that failed, so the next event of the batch asks again', async () => {
    let calls = 0;
    const check = oncePerBatch(async () => {
      calls++;
      if (calls === 1) throw new Error('database unavailable');
      return true;
    });
    await expect(check(event(9, 1))).rejects.toThrow('database unavailable');
    expect(await check(event(9, 2))).toBe(true);
    expect(calls).toBe(2);
  });

  it('remembers a bounded number of batches', async () => {
    let calls = 0;
    const check = oncePerBatch(async () => {
      calls++;
      return true;
    });
    for (let transaction = 1; transaction <= 300; transaction++) await check(event(transaction, transaction));
    await check(event(1, 1));
    expect(calls).toBe(301);
  });
});
