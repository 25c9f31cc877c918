import { natsServersFromEnv } from './nats-config';
import { connectNats } from './connect-nats';

describe('connectNats', () => {
  it('takes NATS_URL as configured: a comma-separated list of servers, the last one down', async () => {
    const [reachable] = natsServersFromEnv();
    // Given the list as one string, the client kept only the last address (its URL parsing drops
    // everything before the last `://`): with that server down, a service could not start at all.
    // Port 1 on loopback refuses at once; the client tries the list in random order, dropping a
    // server that refuses the first connection (with the default of reconnecting forever).
    const nc = await connectNats({ servers: `${reachable},nats://127.0.0.1:1`, timeout: 5_000 });
    try {
      expect(nc.getServer()).toBe(new URL(reachable.includes('://') ? reachable : `nats://${reachable}`).host);
    } finally {
      await nc.close();
    }
  });
});
