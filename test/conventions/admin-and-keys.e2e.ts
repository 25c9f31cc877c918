import { request, type ErrorBody } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';

const ADMIN_KEY = 'svc_admin_e2e_0123456789abcdefghijklmnop';

interface CreatedWorkspace {
  id: string;
  keys: { test: string; live: string };
}

interface WorkspaceSummary {
  id: string;
  keys: { key_id: string; mode: string; last4: string; revoked_at: string | null }[];
}

describe('operations: workspaces and keys through the admin API and the ops CLI', () => {
  let services: RunningServices;
  const admin = { authorization: `Bearer ${ADMIN_KEY}` };

  beforeAll(async () => {
    services = await startServices({ ADMIN_API_KEY: ADMIN_KEY });
  });

  afterAll(async () => {
    await services?.stop();
  });

  it('refuses the admin API without its own credential, and with a workspace key', async () => {
    const workspace = await services.ops<CreatedWorkspace>('workspace:create', '--name', 'guarded');
    const attempts: Record<string, string>[] = [{}, { authorization: `Bearer ${workspace.keys.live}` }, { authorization: 'Bearer svc_admin_wrong' }];
    for (const headers of attempts) {
      const response = await request<ErrorBody>(services.baseUrl, 'POST', '/admin/v1/workspaces', { headers, body: { name: 'x' } });
      expect([response.status, response.body.error.code]).toEqual([401, 'authentication_failed']);
    }
  });

  it('creates a workspace whose keys work at once, and validates the name', async () => {
    const created = await request<CreatedWorkspace>(services.baseUrl, 'POST', '/admin/v1/workspaces', { headers: admin, body: { name: 'Acme' } });
    expect(created.status).toBe(201);
    expect(created.body.keys.test).toMatch(/^svc_test_/);
    const list = await request(services.baseUrl, 'GET', '/v1/deployments', { key: created.body.keys.test });
    expect(list.status).toBe(200);

    const invalid = await request<ErrorBody>(services.baseUrl, 'POST', '/admin/v1/workspaces', { headers: admin, body: { name: '' } });
    expect([invalid.status, invalid.body.error.param]).toEqual([400, 'name']);
  });

  it('rotates a key: the old one fails with 401 at once, the new one works, the other mode is untouched', async () => {
    const workspace = await services.ops<CreatedWorkspace>('workspace:create', '--name', 'rotating');
    const rotated = await request<{ key: string; mode: string; revoked_key_ids: string[] }>(
      services.baseUrl,
      'POST',
      `/admin/v1/workspaces/${workspace.id}/keys/test/rotate`,
      { headers: admin },
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.revoked_key_ids).toHaveLength(1);
    const old = await request<ErrorBody>(services.baseUrl, 'GET', '/v1/deployments', { key: workspace.keys.test });
    expect([old.status, old.body.error.code]).toEqual([401, 'authentication_failed']);
    expect((await request(services.baseUrl, 'GET', '/v1/deployments', { key: rotated.body.key })).status).toBe(200);
    expect((await request(services.baseUrl, 'GET', '/v1/deployments', { key: workspace.keys.live })).status).toBe(200);
  });

  it('revokes a key through the ops CLI; the gateway refuses it on the next request', async () => {
    const workspace = await services.ops<CreatedWorkspace>('workspace:create', '--name', 'revoking');
    const shown = await services.ops<WorkspaceSummary>('workspace:show', '--workspace', workspace.id);
    const live = shown.keys.find((key) => key.mode === 'live');
    expect(live?.last4).toBe(workspace.keys.live.slice(-4));
    expect(JSON.stringify(shown)).not.toContain(workspace.keys.live);

    expect((await request(services.baseUrl, 'GET', '/v1/deployments', { key: workspace.keys.live })).status).toBe(200);
    const after = await services.ops<WorkspaceSummary>('key:revoke', '--workspace', workspace.id, '--key', live?.key_id ?? '');
    expect(after.keys.find((key) => key.key_id === live?.key_id)?.revoked_at).toEqual(expect.any(String));
    expect((await request(services.baseUrl, 'GET', '/v1/deployments', { key: workspace.keys.live })).status).toBe(401);
  });

  it('answers 404 for an unknown workspace and 400 for an unknown mode', async () => {
    const missing = await request<ErrorBody>(services.baseUrl, 'GET', '/admin/v1/workspaces/ws_01JD0000000000000000000000', { headers: admin });
    expect([missing.status, missing.body.error.code]).toEqual([404, 'not_found']);
    const workspace = await services.ops<CreatedWorkspace>('workspace:create', '--name', 'modes');
    const badMode = await request<ErrorBody>(services.baseUrl, 'POST', `/admin/v1/workspaces/${workspace.id}/keys/sandbox/rotate`, { headers: admin });
    expect([badMode.status, badMode.body.error.param]).toEqual([400, 'mode']);
  });
});
