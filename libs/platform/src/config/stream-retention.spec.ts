import { loadConfig } from './service-config';

describe('NATS_STREAM_MAX_AGE_SECONDS', () => {
  it('bounds the events stream to 7 days unless told otherwise', () => {
    expect(loadConfig({}).natsStreamMaxAgeSeconds).toBe(7 * 24 * 60 * 60);
    expect(loadConfig({ NATS_STREAM_MAX_AGE_SECONDS: '86400' }).natsStreamMaxAgeSeconds).toBe(86_400);
  });

  it('refuses "no limit" and anything shorter than the 2 h duplicate window', () => {
    expect(() => loadConfig({ NATS_STREAM_MAX_AGE_SECONDS: '0' })).toThrow(/at least 7200/);
    expect(() => loadConfig({ NATS_STREAM_MAX_AGE_SECONDS: '3600' })).toThrow(/at least 7200/);
    expect(() => loadConfig({ NATS_STREAM_MAX_AGE_SECONDS: 'forever' })).toThrow(/non-negative integer/);
  });
});
