import { closeRedis, connectRedis } from '@eh/platform';
import { StreamSlots } from './stream-slots';
import { useTestRedis } from '../http/testing/test-redis';

/** Open event streams per owner, shared by every gateway replica through Redis. */
describe('StreamSlots against Redis', () => {
  const testRedis = useTestRedis('stream-slots-test');
  const slots = (leaseMs = 60_000) => new StreamSlots(testRedis.redis, { prefix: testRedis.prefix, leaseMs, retryAfterSeconds: 7 });
  const key = (id: string, limit: number) => ({ label: 'this API key', id: `key:${id}`, limit });
  const workspace = (id: string, limit: number) => ({ label: 'this workspace', id: `workspace:${id}`, limit });

  it('takes a slot of every owner or none; the first full one is named, with Retry-After; a release frees it', async () => {
    const book = slots();
    const first = await book.claim([key('k1', 2), workspace('w1', 3)]);
    await book.claim([key('k1', 2), workspace('w1', 3)]);
    await expect(book.claim([key('k1', 2), workspace('w1', 3)])).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: 7,
      message: expect.stringContaining('this API key has 2 event streams open'),
    });
    // The refused claim took nothing of the workspace: a second key still finds one slot there.
    await book.claim([key('k2', 2), workspace('w1', 3)]);
    await expect(book.claim([key('k2', 2), workspace('w1', 3)])).rejects.toMatchObject({
      message: expect.stringContaining('this workspace has 3 event streams open'),
    });
    expect(await book.count({ id: 'key:k2' })).toBe(1);
    first.release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await book.count({ id: 'workspace:w1' })).toBe(2);
    await book.claim([key('k2', 2), workspace('w1', 3)]);
  });

  it('a stream not refreshed (its gateway died) stops counting when its lease ends; a refreshed one stays', async () => {
    const book = slots(300);
    const kept = await book.claim([key('k3', 2)]);
    await book.claim([key('k3', 2)]);
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      kept.refresh();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await book.count({ id: 'key:k3' })).toBe(1);
    await book.claim([key('k3', 2)]);
  });

  it('fails open when Redis cannot answer', async () => {
    const down = await connectRedis('redis://127.0.0.1:1', 'stream-slots-test-down');
    try {
      const slot = await new StreamSlots(down, { prefix: testRedis.prefix, leaseMs: 1000, retryAfterSeconds: 1 }).claim([key('k4', 1)]);
      slot.refresh();
      slot.release();
    } finally {
      await closeRedis(down);
    }
  });
});
