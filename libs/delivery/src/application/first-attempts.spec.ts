import type { FoldedStream } from '@eh/event-store';
import type { DeliveryState } from '../domain/delivery.state';
import { FirstAttempts } from './first-attempts';

const SCHEDULED = { state: { status: 'scheduled' }, revision: 0 } as unknown as FoldedStream<DeliveryState>;

/** Attempts the test settles one by one; what went to the queue and the log. */
function harness(limit = 2) {
  const started: string[] = [];
  const queued: string[] = [];
  const logged: string[] = [];
  const settle = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  let enqueueFails = false;
  const attempts = new FirstAttempts({
    attempt: (deliveryId, scheduled) => {
      expect(scheduled).toBe(SCHEDULED);
      started.push(deliveryId);
      return new Promise<void>((resolve, reject) => settle.set(deliveryId, { resolve, reject }));
    },
    enqueue: async (deliveryId) => {
      if (enqueueFails) throw new Error('redis down');
      queued.push(deliveryId);
    },
    limit,
    log: (line) => void logged.push(line),
  });
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  return { attempts, started, queued, logged, settle, flush, failEnqueues: () => (enqueueFails = true) };
}

describe('FirstAttempts: attempt 1 made where it was scheduled (issue 14)', () => {
  it('starts the attempt at once, without the queue, and is not awaited by the fan-out', async () => {
    const { attempts, started, queued } = harness();
    await attempts.begin('dlv_1', SCHEDULED);
    expect(started).toEqual(['dlv_1']);
    expect(queued).toEqual([]);
    expect(attempts.isAttempting('dlv_1')).toBe(true);
  });

  it('is no longer attempting once the attempt ends', async () => {
    const { attempts, settle, flush } = harness();
    await attempts.begin('dlv_1', SCHEDULED);
    settle.get('dlv_1')?.resolve();
    await flush();
    expect(attempts.isAttempting('dlv_1')).toBe(false);
  });

  it('hands attempts past the limit to the queue', async () => {
    const { attempts, started, queued } = harness(2);
    for (const id of ['dlv_1', 'dlv_2', 'dlv_3']) await attempts.begin(id, SCHEDULED);
    expect(started).toEqual(['dlv_1', 'dlv_2']);
    expect(queued).toEqual(['dlv_3']);
    expect(attempts.isAttempting('dlv_3')).toBe(false);
  });

  it('queues an attempt that failed for the infrastructure, so the queue retries it', async () => {
    const { attempts, queued, logged, settle, flush } = harness();
    await attempts.begin('dlv_1', SCHEDULED);
    settle.get('dlv_1')?.reject(new Error('PostgreSQL down while recording'));
    await flush();
    expect(queued).toEqual(['dlv_1']);
    expect(logged[0]).toMatch(/first attempt of dlv_1 failed/);
    expect(attempts.isAttempting('dlv_1')).toBe(false);
  });

  it('a queue that cannot take it either is logged, not thrown (the reconciler adds the job)', async () => {
    const { attempts, logged, failEnqueues } = harness(0);
    failEnqueues();
    await expect(attempts.begin('dlv_1', SCHEDULED)).resolves.toBeUndefined();
    expect(logged[0]).toMatch(/could not enqueue dlv_1 attempt 1; the reconciler will/);
  });

  it('on stop waits for the attempts in flight, and queues any begun after', async () => {
    const { attempts, started, queued, settle } = harness();
    await attempts.begin('dlv_1', SCHEDULED);
    let stopped = false;
    const stopping = attempts.stop().then(() => (stopped = true));
    await attempts.begin('dlv_2', SCHEDULED);
    expect(started).toEqual(['dlv_1']);
    expect(queued).toEqual(['dlv_2']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    settle.get('dlv_1')?.resolve();
    await stopping;
    expect(stopped).toBe(true);
  });
});
