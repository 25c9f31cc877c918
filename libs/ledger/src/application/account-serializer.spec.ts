import { WrongExpectedVersionError } from '@eh/event-store';
import { AccountSerializer } from './account-serializer';

describe('AccountSerializer', () => {
  it("runs one workspace's work in arrival order, one at a time, other workspaces alongside", async () => {
    const serializer = new AccountSerializer();
    const log: string[] = [];
    // a1 holds its workspace until b1 has finished: b1 can only finish first if other workspaces run
    // alongside. A gate, not a timer, so a loaded machine cannot reorder them.
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const work = (name: string, until: () => Promise<unknown>) => async () => {
      log.push(`start ${name}`);
      await until();
      log.push(`end ${name}`);
      return name;
    };
    const a1 = serializer.run(
      'ws_a',
      work('a1', () => gate),
    );
    const a2 = serializer.run(
      'ws_a',
      work('a2', () => Promise.resolve()),
    );
    const b1 = serializer.run(
      'ws_b',
      work('b1', () => Promise.resolve()),
    );
    expect(await b1).toBe('b1');
    expect(log).not.toContain('start a2');
    openGate();
    expect(await Promise.all([a1, a2])).toEqual(['a1', 'a2']);
    expect(log.indexOf('end b1')).toBeLessThan(log.indexOf('end a1'));
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
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
