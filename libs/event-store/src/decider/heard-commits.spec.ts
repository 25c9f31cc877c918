import { HeardCommits } from './heard-commits';

/** A read the test answers when it wants, counting how often the store was asked. */
function store(initial: string) {
  let value = initial;
  let reads = 0;
  let held: (() => void) | undefined;
  let hold = false;
  return {
    read: async (): Promise<string> => {
      reads += 1;
      const answer = value;
      if (hold) await new Promise<void>((release) => (held = release));
      return answer;
    },
    set: (next: string) => void (value = next),
    reads: () => reads,
    hold: () => void (hold = true),
    release: () => {
      hold = false;
      held?.();
    },
  };
}

describe('HeardCommits: what a process knows from the commit feed', () => {
  describe('remember(key, dependency, read)', () => {
    it('reads once, then answers from memory until an append to the stream is heard', async () => {
      const commits = new HeardCommits();
      const endpoint = store('v1');
      const remembered = () => commits.remember('ep', { stream: 'webhook_endpoint-ws_1' }, endpoint.read);
      commits.listening();
      expect(await remembered()).toBe('v1');
      endpoint.set('v2');
      expect(await remembered()).toBe('v1');
      commits.appended('webhook_endpoint-ws_2');
      expect(await remembered()).toBe('v1');
      commits.appended('webhook_endpoint-ws_1');
      expect(await remembered()).toBe('v2');
      expect(endpoint.reads()).toBe(2);
    });

    it('a category dependency goes stale with an append to any stream of it', async () => {
      const commits = new HeardCommits();
      const directory = store('none');
      const remembered = () => commits.remember('dir', { category: 'webhook_endpoint' }, directory.read);
      commits.listening();
      await remembered();
      commits.appended('deployment-dep_1');
      await remembered();
      expect(directory.reads()).toBe(1);
      directory.set('we_1');
      commits.appended('webhook_endpoint-we_1');
      expect(await remembered()).toBe('we_1');
      expect(directory.reads()).toBe(2);
    });

    it('a value read while an append to it was heard is used once, not kept', async () => {
      const commits = new HeardCommits();
      const endpoint = store('v1');
      const remembered = () => commits.remember('ep', { stream: 'webhook_endpoint-ws_1' }, endpoint.read);
      commits.listening();
      endpoint.hold();
      const first = remembered();
      await Promise.resolve();
      endpoint.set('v2');
      commits.appended('webhook_endpoint-ws_1');
      endpoint.release();
      expect(await first).toBe('v1');
      expect(await remembered()).toBe('v2');
      expect(endpoint.reads()).toBe(2);
    });

    it('keeps nothing while the feed is not listening, nor what was read across a lost feed', async () => {
      const commits = new HeardCommits();
      const endpoint = store('v1');
      const remembered = () => commits.remember('ep', { stream: 'webhook_endpoint-ws_1' }, endpoint.read);
      await remembered();
      await remembered();
      expect(endpoint.reads()).toBe(2);
      commits.listening();
      endpoint.hold();
      const across = remembered();
      await Promise.resolve();
      commits.lost();
      commits.listening();
      endpoint.release();
      await across;
      await remembered();
      expect(endpoint.reads()).toBe(4);
    });

    it('a lost feed forgets every value', async () => {
      const commits = new HeardCommits();
      const endpoint = store('v1');
      const remembered = () => commits.remember('ep', { stream: 'webhook_endpoint-ws_1' }, endpoint.read);
      commits.listening();
      await remembered();
      commits.lost();
      commits.listening();
      endpoint.set('v2');
      expect(await remembered()).toBe('v2');
    });

    it('keeps a bounded number of values, the oldest out first', async () => {
      const commits = new HeardCommits({ values: 2 });
      const reads: string[] = [];
      const remembered = (key: string) => commits.remember(key, { stream: `s-${key}` }, async () => (reads.push(key), key));
      commits.listening();
      for (const key of ['a', 'b', 'c', 'a', 'c']) await remembered(key);
      expect(reads).toEqual(['a', 'b', 'c', 'a']);
    });

    it('a key evicted and kept again is still made stale by its dependency', async () => {
      const commits = new HeardCommits({ values: 1 });
      const endpoint = store('v1');
      commits.listening();
      await commits.remember('ep', { stream: 'webhook_endpoint-ws_1' }, endpoint.read);
      await commits.remember('other', { stream: 'other-1' }, async () => 'x');
      await commits.remember('ep', { stream: 'webhook_endpoint-ws_1' }, endpoint.read);
      endpoint.set('v2');
      commits.appended('webhook_endpoint-ws_1');
      expect(await commits.remember('ep', { stream: 'webhook_endpoint-ws_1' }, endpoint.read)).toBe('v2');
    });
  });
});
