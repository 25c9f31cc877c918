import { waitUntil } from '@eh/platform/testing';
import { request, type ErrorBody } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { startWithWorkspace } from '../support/workspace';

interface Workspace {
  keys: { test: string; live: string };
}

/** The errors a fault produces, not a caller: oversized bodies, a missing router, a broken database. */
describe('faults answer in the API error shape', () => {
  let services: RunningServices;
  let workspace: Workspace;

  beforeAll(async () => {
    ({ services, workspace } = await startWithWorkspace(startServices(), 'faults'));
  });

  afterAll(async () => {
    await services?.stop();
  });

  it('refuses a body over 1 MB with 413 invalid_request', async () => {
    const response = await request<ErrorBody>(services.baseUrl, 'POST', '/v1/deployments', {
      key: workspace.keys.test,
      body: { brief: 'x'.repeat(1024 * 1024), skills: ['copywriting'] },
    });
    expect([response.status, response.body.error.code, response.body.error.message]).toEqual([413, 'invalid_request', 'the request body is larger than 1 MB']);
  });

  it('answers 503 service_unavailable with Retry-After to a live create while no router answers, and writes nothing', async () => {
    await services.kill('router');
    let queued = '';
    try {
      const response = await request<ErrorBody>(services.baseUrl, 'POST', '/v1/deployments', {
        key: workspace.keys.live,
        body: { brief: 'x', skills: ['copywriting'] },
      });
      expect([response.status, response.body.error.code, response.headers.get('retry-after')]).toEqual([503, 'service_unavailable', '5']);
      const { rows } = await services.database.pool.query("SELECT count(*)::int AS n FROM events WHERE event_type = 'deployment.created'");
      expect(rows[0].n).toBe(0);
      // Test mode asks no router (its quote is the synthesizer's, fixed): taken now, worked once the router is back.
      const test = await request<{ id: string; status: string }>(services.baseUrl, 'POST', '/v1/deployments', {
        key: workspace.keys.test,
        body: { brief: 'x', skills: ['copywriting'] },
      });
      expect([test.status, test.body.status]).toEqual([201, 'pending']);
      queued = test.body.id;
    } finally {
      await services.start('router');
    }
    const completed = await waitUntil(
      async () => {
        const response = await request<{ status: string }>(services.baseUrl, 'GET', `/v1/deployments/${queued}`, { key: workspace.keys.test });
        return response.body.status === 'completed' ? response : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 250, description: 'the restarted router to work the queued test deployment' },
    );
    expect(completed.status).toBe(200);
  });

  it('answers an unexpected fault with 500 internal_error, a request id and no internals', async () => {
    await services.database.pool.query('ALTER TABLE deployments_view RENAME TO deployments_view_away');
    try {
      const response = await request<ErrorBody>(services.baseUrl, 'GET', '/v1/deployments/dep_01JD0000000000000000000000', { key: workspace.keys.test });
      expect([response.status, response.body.error.code, response.body.error.type]).toEqual([500, 'internal_error', 'api_error']);
      expect(response.body.error.request_id).toBe(response.headers.get('request-id'));
      expect(response.body.error.message).not.toMatch(/deployments_view|relation|SELECT/);
    } finally {
      await services.database.pool.query('ALTER TABLE deployments_view_away RENAME TO deployments_view');
    }
  });
});
