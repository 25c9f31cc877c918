import type { DeploymentResource } from '@eh/deployments';
import { waitUntil } from '@eh/platform/testing';
import { request, type ErrorBody } from '../support/http';
import type { Workspace } from '../support/workspace';
import { sharedServices } from '../support/shared-services';
import { sharedWorkspaceSuite } from '../support/workspace-suite';

describe('a test-mode deployment, from create to completed, through separate service processes', () => {
  const suite = sharedWorkspaceSuite(() => sharedServices({ RATE_LIMIT_PER_MINUTE: '100000' }), 'e2e');

  it('creates a pending deployment and completes it with synthesized output', async () => {
    const created = await request<DeploymentResource>(suite.services.baseUrl, 'POST', '/v1/deployments', {
      key: suite.workspace.keys.test,
      body: { brief: 'Write a tagline for a bakery. Keep it warm.', skills: ['copywriting'], metadata: { order: 'A-17', rush: true } },
    });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^dep_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(created.body).toMatchObject({
      status: 'pending',
      expert: null,
      output: null,
      urgency: 'standard',
      credits_reserved: 0,
      metadata: { order: 'A-17', rush: true },
    });
    expect(created.headers.get('location')).toBe(`/v1/deployments/${created.body.id}`);
    expect(created.headers.get('request-id')).toMatch(/^req_/);
    expect(Date.parse(created.body.sla_deadline) - Date.parse(created.body.created_at)).toBe(4 * 60 * 60 * 1000);

    const completed = await waitUntil(
      async () => {
        const response = await request<DeploymentResource>(suite.services.baseUrl, 'GET', `/v1/deployments/${created.body.id}`, {
          key: suite.workspace.keys.test,
        });
        return response.body.status === 'completed' ? response.body : undefined;
      },
      { timeoutMs: 15_000, description: 'the deployment to complete' },
    );
    expect(completed.expert).toMatchObject({ id: expect.stringMatching(/^spec_/), name: expect.any(String), role: expect.any(String) });
    expect(completed.output?.format).toBe('markdown');
    expect(completed.output?.body).toContain('Write a tagline for a bakery');
    expect(completed.credits_charged).toBe(0);
    expect(completed.duration_seconds).toEqual(expect.any(Number));
    expect(completed.completed_at).toEqual(expect.any(String));
    expect(completed.metadata).toEqual({ order: 'A-17', rush: true });

    const { rows } = await suite.services.database.pool.query<{ event_type: string }>(
      'SELECT event_type FROM events WHERE stream_name = $1 ORDER BY stream_revision',
      [`deployment-${created.body.id}`],
    );
    expect(rows.map((row) => row.event_type)).toEqual(['deployment.created', 'deployment.accepted', 'deployment.in_progress', 'deployment.completed']);
  });

  it('reads its own write: a GET right after create shows the deployment', async () => {
    const created = await request<DeploymentResource>(suite.services.baseUrl, 'POST', '/v1/deployments', {
      key: suite.workspace.keys.test,
      body: { brief: 'Name a cat.', skills: ['naming'] },
    });
    const read = await request<DeploymentResource>(suite.services.baseUrl, 'GET', `/v1/deployments/${created.body.id}`, { key: suite.workspace.keys.test });
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('private, no-cache');
    expect(read.body.id).toBe(created.body.id);
  });

  it('names the offending field on a validation failure, and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ skills: ['copywriting'] }, 'brief'],
      [{ brief: 'x', skills: [] }, 'skills'],
      [{ brief: 'x', skills: ['Not A Tag'] }, 'skills'],
      [{ brief: 'x', skills: ['a'], urgency: 'asap' }, 'urgency'],
      [{ brief: 'x', skills: ['a'], context_url: 'http://insecure.example.com' }, 'context_url'],
      [{ brief: 'x', skills: ['a'], deadline: '2026-12-01' }, 'deadline'],
      [{ brief: 'x', skills: ['a'], metadata: { nested: { no: 1 } } }, 'metadata'],
      [{ brief: 'x', skills: ['a'], scheduled_for: '2030-01-01T00:00:00Z' }, 'scheduled_for'],
      [{ brief: 1e300, skills: ['a'] }, 'brief'],
      [{ brief: 'x', skills: ['a'], context_files: 'https://files.example.com/a.pdf' }, 'context_files'],
      [{ brief: 'x', skills: ['a'], context_files: [1] }, 'context_files'],
    ];
    // Earlier deployments may still be completing: count creations only, of this file's workspace (the stack is shared).
    const createdCount = "SELECT count(*)::int AS n FROM events WHERE event_type = 'deployment.created' AND data->>'workspace_id' = $1";
    const before = await suite.services.database.pool.query(createdCount, [suite.workspace.id]);
    for (const [body, field] of cases) {
      const response = await request<ErrorBody>(suite.services.baseUrl, 'POST', '/v1/deployments', { key: suite.workspace.keys.test, body });
      expect({ field, status: response.status, code: response.body.error.code, param: response.body.error.param }).toEqual({
        field,
        status: 400,
        code: 'invalid_request',
        param: field,
      });
      expect(response.body.error.message).toContain(field);
      expect(response.body.error.request_id).toBe(response.headers.get('request-id'));
      expect(response.body.error.docs_url).toBe(`${suite.services.baseUrl}/docs/errors/invalid_request`);
    }
    const typeFirst = await request<ErrorBody>(suite.services.baseUrl, 'POST', '/v1/deployments', {
      key: suite.workspace.keys.test,
      body: { brief: 1e300, skills: ['a'] },
    });
    expect(typeFirst.body.error.message).toBe('brief must be a string');
    const after = await suite.services.database.pool.query(createdCount, [suite.workspace.id]);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('answers malformed JSON, unknown routes and bad keys in the API error shape', async () => {
    const malformed = await request<ErrorBody>(suite.services.baseUrl, 'POST', '/v1/deployments', { key: suite.workspace.keys.test, rawBody: '{"brief": ' });
    expect([malformed.status, malformed.body.error.code]).toEqual([400, 'invalid_request']);

    const poisoned = await request<ErrorBody>(suite.services.baseUrl, 'POST', '/v1/deployments', {
      key: suite.workspace.keys.test,
      rawBody: '{"brief": "x", "skills": ["a"], "__proto__": {"admin": true}}',
    });
    expect([poisoned.status, poisoned.body.error.message]).toEqual([400, 'the request body must not contain "__proto__" or "constructor.prototype" keys']);

    const unknownRoute = await request<ErrorBody>(suite.services.baseUrl, 'GET', '/v1/nothing-here', { key: suite.workspace.keys.test });
    expect([unknownRoute.status, unknownRoute.body.error.code, unknownRoute.body.error.type]).toEqual([404, 'not_found', 'invalid_request']);

    for (const key of [undefined, 'svc_test_wrong', `svc_test_${'A'.repeat(32)}`]) {
      const response = await request<ErrorBody>(suite.services.baseUrl, 'GET', '/v1/deployments/dep_01JD0000000000000000000000', { key });
      expect([response.status, response.body.error.code, response.body.error.type]).toEqual([401, 'authentication_failed', 'authentication_error']);
    }

    const docs = await fetch(malformed.body.error.docs_url);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('invalid_request');
  });

  it('keeps workspaces and modes apart: another key sees 404', async () => {
    const other = await suite.services.ops<Workspace>('workspace:create', '--name', 'other');
    const created = await request<DeploymentResource>(suite.services.baseUrl, 'POST', '/v1/deployments', {
      key: suite.workspace.keys.test,
      body: { brief: 'Private.', skills: ['naming'] },
    });
    for (const key of [other.keys.test, suite.workspace.keys.live]) {
      const response = await request<ErrorBody>(suite.services.baseUrl, 'GET', `/v1/deployments/${created.body.id}`, { key });
      expect([response.status, response.body.error.code]).toEqual([404, 'not_found']);
    }
  });

  it('refuses a live deployment when no expert on the roster covers the skills', async () => {
    // A skill no other file gives an expert: the stack is shared, and its roster holds their experts.
    const response = await request<ErrorBody>(suite.services.baseUrl, 'POST', '/v1/deployments', {
      key: suite.workspace.keys.live,
      body: { brief: 'Real work.', skills: ['test-mode-lifecycle-nobody'] },
    });
    expect([response.status, response.body.error.code]).toEqual([422, 'expert_unavailable']);
  });
});
