/** Reachable = a console open, or another channel for those without one; one call each. */
import { consoleOrOtherChannels, failingOpen, NO_OTHER_CHANNELS, otherChannelsFrom, type ExpertReachability } from './expert-reachability';

const fixed = (ids: string[], calls: string[][]): ExpertReachability => ({
  reachable: async (asked) => {
    calls.push([...asked]);
    return new Set(asked.filter((id) => ids.includes(id)));
  },
});

describe('expert reachability', () => {
  it('asks other channels only about those without a console, once', async () => {
    const consoleCalls: string[][] = [];
    const channelCalls: string[][] = [];
    const reachability = consoleOrOtherChannels(fixed(['a'], consoleCalls), fixed(['c'], channelCalls));
    expect([...(await reachability.reachable(['a', 'b', 'c']))].sort()).toEqual(['a', 'c']);
    expect([consoleCalls, channelCalls]).toEqual([[['a', 'b', 'c']], [['b', 'c']]]);
  });

  it('with no other channel, only the console counts', async () => {
    expect([...(await consoleOrOtherChannels(fixed(['a'], []), NO_OTHER_CHANNELS).reachable(['a', 'b']))]).toEqual(['a']);
  });

  it('a channel query counts e-mail or push, not neither', async () => {
    const other = otherChannelsFrom(
      async () =>
        new Map([
          ['a', { email: true, push: false }],
          ['b', { email: false, push: true }],
          ['c', { email: false, push: false }],
        ]),
    );
    expect([...(await other.reachable(['a', 'b', 'c', 'd']))].sort()).toEqual(['a', 'b']);
  });

  it('fails open: presence unknown, every online expert counts', async () => {
    const errors: unknown[] = [];
    const broken: ExpertReachability = { reachable: async () => Promise.reject(new Error('redis down')) };
    expect([...(await failingOpen(broken, (error) => errors.push(error)).reachable(['a', 'b']))]).toEqual(['a', 'b']);
    expect(errors).toHaveLength(1);
  });
});
