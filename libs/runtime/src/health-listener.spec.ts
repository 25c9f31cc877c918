import { healthAddressFromEnv, startHealthListener } from './health-listener';

describe('health listener', () => {
  it('answers live at once, ready only while the service says so, and nothing else', async () => {
    let ready = false;
    const listener = await startHealthListener(0, '127.0.0.1', () => ready);
    const status = async (path: string): Promise<number> => (await fetch(`http://127.0.0.1:${listener.port}${path}`)).status;
    try {
      expect(await status('/health/live')).toBe(200);
      expect(await status('/health/ready')).toBe(503);
      ready = true;
      expect(await status('/health/ready')).toBe(200);
      expect(await status('/metrics')).toBe(404);
    } finally {
      await listener.close();
    }
  });

  it('reads HEALTH_PORT and HEALTH_HOST; no port, no listener', () => {
    expect(healthAddressFromEnv({})).toBeNull();
    expect(healthAddressFromEnv({ HEALTH_PORT: '3311' })).toEqual({ port: 3311, host: '127.0.0.1' });
    expect(healthAddressFromEnv({ HEALTH_PORT: '3311', HEALTH_HOST: '0.0.0.0' })).toEqual({ port: 3311, host: '0.0.0.0' });
    expect(() => healthAddressFromEnv({ HEALTH_PORT: 'x' })).toThrow(/HEALTH_PORT/);
  });
});
