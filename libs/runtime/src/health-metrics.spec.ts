import { startHealthListener } from './health-listener';

describe('health listener with metrics', () => {
  it('serves the Prometheus text at /metrics, and 500 when the registry cannot render', async () => {
    let broken = false;
    const metrics = async (): Promise<{ contentType: string; body: string }> => {
      if (broken) throw new Error('collect failed');
      return { contentType: 'text/plain; version=0.0.4; charset=utf-8', body: 'eh_relay_lag_events 0\n' };
    };
    const listener = await startHealthListener(0, '127.0.0.1', () => true, metrics);
    try {
      const ok = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await ok.text()).toBe('eh_relay_lag_events 0\n');
      broken = true;
      expect((await fetch(`http://127.0.0.1:${listener.port}/metrics`)).status).toBe(500);
      expect((await fetch(`http://127.0.0.1:${listener.port}/health/ready`)).status).toBe(200);
    } finally {
      await listener.close();
    }
  });
});
