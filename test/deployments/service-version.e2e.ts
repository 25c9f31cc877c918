import { request, type ErrorBody } from '../support/http';
import { sharedServices } from '../support/shared-services';
import { sharedWorkspaceSuite } from '../support/workspace-suite';

describe('Service-Version header over HTTP', () => {
  const suite = sharedWorkspaceSuite(() => sharedServices({ RATE_LIMIT_PER_MINUTE: '100000' }), 'versions');

  it('answers in the latest version without the header, and in the pinned one with it', async () => {
    const latest = await request(suite.services.baseUrl, 'GET', '/v1/deployments', { key: suite.workspace.keys.test });
    expect([latest.status, latest.headers.get('service-version')]).toEqual([200, '2026-11-01']);
    const pinned = await request<{ id: string }>(suite.services.baseUrl, 'POST', '/v1/deployments', {
      key: suite.workspace.keys.test,
      headers: { 'Service-Version': '2026-11-01' },
      body: { brief: 'Pinned.', skills: ['naming'] },
    });
    expect([pinned.status, pinned.headers.get('service-version')]).toEqual([201, '2026-11-01']);
    const read = await request(suite.services.baseUrl, 'GET', `/v1/deployments/${pinned.body.id}`, {
      key: suite.workspace.keys.test,
      headers: { 'Service-Version': '2026-11-01' },
    });
    expect([read.status, read.headers.get('service-version')]).toEqual([200, '2026-11-01']);
  });

  it('echoes the version on errors too: 401 and 404', async () => {
    const unauthenticated = await request(suite.services.baseUrl, 'GET', '/v1/deployments');
    expect([unauthenticated.status, unauthenticated.headers.get('service-version')]).toEqual([401, '2026-11-01']);
    const missing = await request(suite.services.baseUrl, 'GET', '/v1/deployments/dep_01JD0000000000000000000000', { key: suite.workspace.keys.test });
    expect([missing.status, missing.headers.get('service-version')]).toEqual([404, '2026-11-01']);
  });

  it.each(['2025-01-01', '2026-11-1', 'latest', '2026-11-01,2026-11-01'])(
    'refuses %s with 400 naming Service-Version and listing the supported versions',
    async (value) => {
      const response = await request<ErrorBody>(suite.services.baseUrl, 'GET', '/v1/deployments', {
        key: suite.workspace.keys.test,
        headers: { 'Service-Version': value },
      });
      expect([response.status, response.body.error.code, response.body.error.param]).toEqual([400, 'invalid_request', 'Service-Version']);
      expect(response.body.error.message).toContain('Service-Version');
      expect(response.body.error.message).toContain('supported versions: 2026-11-01');
      expect(response.headers.get('service-version')).toBe('2026-11-01');
      expect(response.body.error.request_id).toBe(response.headers.get('request-id'));
    },
  );

  it('does not version health probes', async () => {
    const probe = await fetch(`${suite.services.baseUrl}/health/ready`, { headers: { 'Service-Version': 'nonsense' } });
    expect([probe.status, probe.headers.get('service-version')]).toEqual([200, null]);
  });
});
