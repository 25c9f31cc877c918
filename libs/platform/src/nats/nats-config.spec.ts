import { DEFAULT_NATS_URL, natsServerList, natsServersFromEnv } from './nats-config';

describe('NATS server lists', () => {
  it('splits a comma-separated NATS_URL into one address per server (a cluster of three)', () => {
    const cluster = 'nats://127.0.0.1:4301, nats://127.0.0.1:4302,nats://127.0.0.1:4303';
    expect(natsServerList(cluster)).toEqual(['nats://127.0.0.1:4301', 'nats://127.0.0.1:4302', 'nats://127.0.0.1:4303']);
    expect(natsServersFromEnv({ NATS_URL: cluster })).toHaveLength(3);
  });

  it('splits every entry of a list too, and falls back to the local server when empty', () => {
    expect(natsServerList(['nats://a:1,nats://b:2', 'nats://c:3'])).toEqual(['nats://a:1', 'nats://b:2', 'nats://c:3']);
    expect(natsServerList(undefined)).toEqual([DEFAULT_NATS_URL]);
    expect(natsServerList(' , ')).toEqual([DEFAULT_NATS_URL]);
    expect(natsServersFromEnv({})).toEqual([DEFAULT_NATS_URL]);
  });
});
