import { loadAttachmentConfig, loadConsoleConfig } from './console-config';

describe('console and attachment configuration', () => {
  it('refuses fewer than one upload in flight per expert, naming the setting', () => {
    expect(() => loadAttachmentConfig({ ATTACHMENT_UPLOADS_IN_FLIGHT_PER_EXPERT: '0' })).toThrow('ATTACHMENT_UPLOADS_IN_FLIGHT_PER_EXPERT');
  });

  it('draws a random URL secret per process without ATTACHMENT_URL_SECRET', () => {
    const [a, b] = [loadAttachmentConfig({}), loadAttachmentConfig({})];
    expect(a.urlSecrets[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(a.urlSecrets[0]).not.toBe(b.urlSecrets[0]);
  });

  it('takes the shared secret and a previous one, and refuses short ones', () => {
    const current = 'c'.repeat(32);
    const previous = 'p'.repeat(40);
    expect(loadAttachmentConfig({ ATTACHMENT_URL_SECRET: current, ATTACHMENT_URL_SECRET_PREVIOUS: previous })).toMatchObject({
      urlSecrets: [current, previous],
      urlSecretGenerated: false,
    });
    expect(() => loadAttachmentConfig({ ATTACHMENT_URL_SECRET: 'short' })).toThrow('ATTACHMENT_URL_SECRET must be at least 32 characters');
  });

  it('refuses durations that are not positive integers', () => {
    expect(() => loadConsoleConfig({ CONSOLE_SESSION_IDLE_SECONDS: '0' })).toThrow('CONSOLE_SESSION_IDLE_SECONDS');
    expect(() => loadAttachmentConfig({ ATTACHMENT_URL_TTL_SECONDS: '1.5' })).toThrow('ATTACHMENT_URL_TTL_SECONDS');
  });
});
