import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS, loadWebhookConfig } from './webhook-config';

describe('webhook configuration', () => {
  it('defaults to the published schedule: 30 s, 2 min, 8 min, 30 min, 2 h, 8 h; 10 s timeout; https and public addresses only', () => {
    expect(DEFAULT_WEBHOOK_RETRY_DELAYS_MS).toEqual([30_000, 120_000, 480_000, 1_800_000, 7_200_000, 28_800_000]);
    expect(loadWebhookConfig({})).toEqual({
      retryDelaysMs: DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
      timeoutMs: 10_000,
      allowPrivateUrls: false,
      secretOverlapSeconds: 86_400,
      reconcileIntervalMs: 30_000,
      concurrency: 50,
      jobLockMs: 30_000,
      fanoutAckWaitMs: 30_000,
      fanoutConsumers: 1,
      fanoutConcurrency: 64,
      firstAttemptWaitMs: 200,
      overdueAfterMs: 60_000,
      endpointDisableAfterMs: 5 * 24 * 3600 * 1000,
      endpointHealthIntervalMs: 60_000,
    });
  });

  it('scales down through the environment', () => {
    const config = loadWebhookConfig({
      WEBHOOK_RETRY_DELAYS_MS: '100, 200,400',
      WEBHOOK_TIMEOUT_MS: '500',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_SECRET_OVERLAP_SECONDS: '0',
    });
    expect(config).toMatchObject({ retryDelaysMs: [100, 200, 400], timeoutMs: 500, allowPrivateUrls: true, secretOverlapSeconds: 0 });
    expect(loadWebhookConfig({ WEBHOOK_RETRY_DELAYS_MS: '' }).retryDelaysMs).toEqual([]);
  });

  it('refuses values that would silently mean something else', () => {
    expect(() => loadWebhookConfig({ WEBHOOK_RETRY_DELAYS_MS: '100,abc' })).toThrow(/abc/);
    expect(() => loadWebhookConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'yes' })).toThrow(/WEBHOOK_ALLOW_PRIVATE_URLS/);
    expect(() => loadWebhookConfig({ WEBHOOK_TIMEOUT_MS: '0' })).toThrow(/WEBHOOK_TIMEOUT_MS/);
    expect(() => loadWebhookConfig({ WEBHOOK_SECRET_OVERLAP_SECONDS: '-1' })).toThrow(/OVERLAP/);
    expect(() => loadWebhookConfig({ WEBHOOK_FIRST_ATTEMPT_WAIT_MS: '-1' })).toThrow(/WEBHOOK_FIRST_ATTEMPT_WAIT_MS/);
  });
});
