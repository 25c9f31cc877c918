import { WrongExpectedVersionError } from '@eh/event-store';
import { AccountSerializer } from './account-serializer';

describe('AccountSerializer', () => {
  it("runs one workspace's work in arrival order, one at a time, other workspaces alongside", async () => {
    const serializer = new AccountSerializer();
    const log: string[] = [];
    let running = 0;
    const work = (name: string, ms: number) => async () => {
      running += 1;
      if (name.startsWith('a')) expect(running).toBeLessThanOrEqual(2); // a's never overlap each other
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`end ${name}`);
      running -= 1;
      return name;
    };
    const results = await Promise.all([serializer.run('ws_a', work('a1', 20)), serializer.run('ws_a', work('a2', 1)), serializer.run('ws_b', work('b1', 1))]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('end b1')).toBeLessThan(log.indexOf('end a1'));
  });

  it('keeps going after a failure, and retries a version conflict from another replica', async () => {
    const serializer = new AccountSerializer();
    await expect(serializer.run('ws_a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    let attempts = 0;
    const value = await serializer.run('ws_a', async () => {
      attempts += 1;
      if (attempts < 3) throw new WrongExpectedVersionError('account-ws_a', 3, 4);
      return 'done';
    });
    expect([value, attempts]).toEqual(['done', 3]);
  });
});
