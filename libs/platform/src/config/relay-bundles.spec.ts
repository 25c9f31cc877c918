import { loadConfig } from './service-config';

describe('RELAY_BUNDLE_MAX_EVENTS', () => {
  it('sends up to 16 consecutive events of a stream as one message unless told otherwise; 0 and 1 send each alone', () => {
    expect(loadConfig({}).relayBundleMaxEvents).toBe(16);
    expect(loadConfig({ RELAY_BUNDLE_MAX_EVENTS: '1' }).relayBundleMaxEvents).toBe(1);
    expect(loadConfig({ RELAY_BUNDLE_MAX_EVENTS: '0' }).relayBundleMaxEvents).toBe(1);
    expect(loadConfig({ RELAY_BUNDLE_MAX_EVENTS: '64' }).relayBundleMaxEvents).toBe(64);
  });

  it('refuses what is not a count', () => {
    expect(() => loadConfig({ RELAY_BUNDLE_MAX_EVENTS: 'many' })).toThrow(/RELAY_BUNDLE_MAX_EVENTS must be a non-negative integer/);
    expect(() => loadConfig({ RELAY_BUNDLE_MAX_EVENTS: '-2' })).toThrow(/RELAY_BUNDLE_MAX_EVENTS/);
  });
});
