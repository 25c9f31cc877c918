import type { CommitObserver } from '../event-store.port';
import { CommitFeedOnDemand } from './commit-feed-on-demand';
import { HeardCommits } from './heard-commits';

/** A store's commit feed that listens at once and counts its watchers. */
function feedingStore() {
  const watchers = new Set<CommitObserver>();
  let opened = 0;
  return {
    watchers,
    opened: () => opened,
    watchCommits: (observer: CommitObserver) => {
      opened++;
      watchers.add(observer);
      observer.listening('1');
      return () => void watchers.delete(observer);
    },
  };
}

describe('CommitFeedOnDemand', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('opens the feed on first use, keeps it open while used, and closes it after idleMs without a use, forgetting what it kept', async () => {
    const store = feedingStore();
    const commits = new HeardCommits();
    const feed = new CommitFeedOnDemand(store, commits, 1_000);
    expect([feed.open, store.watchers.size]).toEqual([false, 0]);

    await feed.use().remember('endpoint', { stream: 'webhook_endpoint-we_1' }, async () => 'read');
    jest.advanceTimersByTime(900);
    feed.use();
    jest.advanceTimersByTime(900);
    expect([feed.open, store.opened()]).toEqual([true, 1]);
    expect(await commits.remember('endpoint', { stream: 'webhook_endpoint-we_1' }, async () => 'read again')).toBe('read');

    jest.advanceTimersByTime(100);
    expect([feed.open, store.watchers.size]).toEqual([false, 0]);
    expect(await commits.remember('endpoint', { stream: 'webhook_endpoint-we_1' }, async () => 'not kept while closed')).toBe('not kept while closed');
    expect(await commits.remember('endpoint', { stream: 'webhook_endpoint-we_1' }, async () => 'read after')).toBe('read after');

    await feed.use().remember('endpoint', { stream: 'webhook_endpoint-we_1' }, async () => 'reopened');
    expect([feed.open, store.opened()]).toEqual([true, 2]);
  });

  it('works without a feed: nothing is kept', async () => {
    const feed = new CommitFeedOnDemand({}, new HeardCommits(), 1_000);
    expect(await feed.use().remember('k', { stream: 's' }, async () => 1)).toBe(1);
    expect(await feed.use().remember('k', { stream: 's' }, async () => 2)).toBe(2);
    feed.close();
    expect(feed.open).toBe(false);
  });
});
