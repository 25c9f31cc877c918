import { ReplayPacer } from './replay-pacer';

describe('ReplayPacer', () => {
  let now = 0;
  const slept: number[] = [];
  const pacer = () =>
    new ReplayPacer(
      500,
      () => now,
      async (ms) => {
        slept.push(ms);
        now += ms;
      },
    );

  beforeEach(() => {
    now = 1_000_000;
    slept.length = 0;
  });

  it('lets a second’s worth through at once, then paces the workspace to its rate', async () => {
    const paced = pacer();
    for (let page = 0; page < 5; page++) expect(await paced.take('ws_a', 100, () => true)).toBe(true);
    expect(slept).toEqual([]);
    const started = now;
    for (let page = 0; page < 10; page++) await paced.take('ws_a', 100, () => true);
    // 1,000 more events at 500 a second: two seconds.
    expect(now - started).toBeGreaterThanOrEqual(2000);
    expect(now - started).toBeLessThan(2300);
  });

  it('shares the rate among a workspace’s replays, not with another workspace', async () => {
    const paced = pacer();
    for (let page = 0; page < 5; page++) await paced.take('ws_a', 100, () => true);
    await paced.take('ws_a', 100, () => true);
    expect(slept.length).toBeGreaterThan(0);
    slept.length = 0;
    expect(await paced.take('ws_b', 100, () => true)).toBe(true);
    expect(slept).toEqual([]);
  });

  it('stops waiting once the replay is no longer wanted (its client left)', async () => {
    const paced = pacer();
    for (let page = 0; page < 5; page++) await paced.take('ws_a', 100, () => true);
    let open = true;
    const waiting = paced.take('ws_a', 100, () => open);
    open = false;
    expect(await waiting).toBe(false);
  });
});
