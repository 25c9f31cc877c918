import { request } from '../support/http';
import type { RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';
import { ADMIN_HEADERS, DASHBOARD_ENV, errorOf, teamOn, MemberClient, PASSWORD, workspaceWithOwner, type CreatedWorkspace } from './support/dashboard-client';

/**
 * Members sign in through the console's sessions (a workspace created from the ops CLI brings its
 * owner's invitation); a member's session acts on /v1 as the workspace's key of the mode it names;
 * operators are invited, sign in and use the admin API with their session.
 */
describe('member and operator sessions: signing in, /v1 as the workspace key, the admin API', () => {
  let services: RunningServices;
  let workspace: CreatedWorkspace;
  let owner: MemberClient;

  beforeAll(async () => {
    ({ services, workspace, owner } = await teamOn(sharedServices(DASHBOARD_ENV), 'Sessions Co', {
      owner: 'owner@sessions.example',
      developer: 'dev@sessions.example',
    }));
  });
  afterAll(() => services?.stop());

  it('ops workspace:create --owner-email prints the workspace and a one-time invitation link', async () => {
    const created = await services.ops<CreatedWorkspace>('workspace:create', '--name', 'Cli Co', '--owner-email', 'Owner@Cli.Example');
    expect(created.owner_invitation).toEqual({
      email: 'owner@cli.example',
      url: expect.stringMatching(/\/console\/invitations\/[A-Za-z0-9_-]{43}$/),
      expires_at: expect.any(String),
    });
    const token = created.owner_invitation?.url.split('/').pop();
    const preview = await request(services.baseUrl, 'GET', `/console/api/v1/invitations/${token}`);
    expect(preview.body).toEqual({
      kind: 'member',
      email: 'owner@cli.example',
      name: 'owner',
      expires_at: created.owner_invitation?.expires_at,
      workspace_name: 'Cli Co',
      role: 'owner',
    });
    const member = new MemberClient(services.baseUrl);
    expect((await member.accept(created.owner_invitation?.url ?? '', PASSWORD, 'Olu')).status).toBe(201);
    expect(errorOf(await new MemberClient(services.baseUrl).accept(created.owner_invitation?.url ?? ''))).toEqual({
      status: 404,
      code: 'not_found',
      param: 'token',
    });
  });

  it('a member signs in by email; the session names the workspace and the role', async () => {
    const client = new MemberClient(services.baseUrl);
    const signedIn = await client.call('POST', '/console/api/v1/sessions', { body: { email: 'dev@sessions.example', password: PASSWORD }, mode: null });
    expect(signedIn.status).toBe(201);
    expect(signedIn.body).toMatchObject({
      object: 'session',
      principal: {
        kind: 'member',
        id: expect.stringMatching(/^mem_/),
        email: 'dev@sessions.example',
        workspace_id: workspace.id,
        workspace_name: 'Sessions Co',
        role: 'developer',
      },
    });
    expect(
      errorOf(await client.call('POST', '/console/api/v1/sessions', { body: { email: 'dev@sessions.example', password: 'wrong password here' }, mode: null })),
    ).toMatchObject({ status: 401, code: 'authentication_failed' });
    expect((await client.call('GET', '/console/api/v1/workspace')).body).toMatchObject({
      object: 'workspace',
      id: workspace.id,
      name: 'Sessions Co',
      role: 'developer',
      plan: { in_flight_limit: expect.any(Number) },
    });
  });

  describe('a member on /v1: the workspace’s key of the mode it names', () => {
    it('needs Service-Mode (400), a CSRF token on changes (403), and sees only its mode', async () => {
      expect(errorOf(await owner.call('GET', '/v1/deployments', { mode: null }))).toMatchObject({ status: 400, param: 'Service-Mode' });
      expect(errorOf(await owner.call('GET', '/v1/deployments', { headers: { 'service-mode': 'sandbox' }, mode: null }))).toMatchObject({
        status: 400,
        param: 'Service-Mode',
      });
      const body = { brief: 'Write a tagline for a bakery.', skills: ['copywriting'] };
      expect(errorOf(await owner.call('POST', '/v1/deployments', { body, csrf: null }))).toMatchObject({
        status: 403,
        code: 'csrf_token_invalid',
        param: 'X-CSRF-Token',
      });
      const created = await owner.call<{ id: string }>('POST', '/v1/deployments', { body, mode: 'test' });
      expect(created.status).toBe(201);
      expect((await owner.call('GET', `/v1/deployments/${created.body.id}`, { mode: 'test' })).status).toBe(200);
      expect(errorOf(await owner.call('GET', `/v1/deployments/${created.body.id}`, { mode: 'live' }))).toMatchObject({ status: 404 });
      expect((await request(services.baseUrl, 'GET', `/v1/deployments/${created.body.id}`, { key: workspace.keys.test })).status).toBe(200);
      expect(
        errorOf(
          await request(services.baseUrl, 'GET', `/v1/deployments/${created.body.id}`, { key: workspace.keys.test, headers: { 'service-mode': 'live' } }),
        ),
      ).toMatchObject({ status: 400, param: 'Service-Mode' });
      // Rate-limited per member, with the usual headers.
      expect(created.headers.get('x-ratelimit-limit')).toBe('100000');
    });

    it('another workspace’s member sees none of it', async () => {
      const { owner: stranger } = await workspaceWithOwner(services, 'Other', 'owner@other.example');
      const mine = await owner.call<{ data: { id: string }[] }>('GET', '/v1/deployments');
      expect(mine.body.data.length).toBeGreaterThan(0);
      expect((await stranger.call<{ data: unknown[] }>('GET', '/v1/deployments')).body.data).toEqual([]);
      expect(errorOf(await stranger.call('GET', `/v1/deployments/${mine.body.data[0].id}`))).toMatchObject({ status: 404 });
    });
  });

  describe('operators', () => {
    it('are invited by operations, sign in, and use the admin API with their session; members cannot', async () => {
      const invited = await request<{ url: string }>(services.baseUrl, 'POST', '/admin/v1/operators/invitations', {
        headers: ADMIN_HEADERS,
        body: { email: 'ops@service.example', name: 'Olga' },
      });
      expect(invited.status).toBe(201);
      expect(
        errorOf(
          await request(services.baseUrl, 'POST', '/admin/v1/operators/invitations', { headers: ADMIN_HEADERS, body: { email: 'owner@sessions.example' } }),
        ),
      ).toMatchObject({ status: 400, param: 'email' });
      const operator = new MemberClient(services.baseUrl);
      operator.mode = null;
      expect((await operator.accept(invited.body.url)).body).toMatchObject({ principal: { kind: 'operator', email: 'ops@service.example', name: 'Olga' } });
      const listed = await operator.call<{ data: { id: string }[] }>('GET', '/admin/v1/workspaces?limit=100');
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((w) => w.id)).toContain(workspace.id);
      expect(errorOf(await operator.call('POST', `/admin/v1/workspaces/${workspace.id}/account/credits`, { body: { credits: 5 }, csrf: null }))).toMatchObject({
        status: 403,
        code: 'csrf_token_invalid',
      });
      expect(
        (await operator.call('POST', `/admin/v1/workspaces/${workspace.id}/account/credits`, { body: { credits: 5, reference: 'op-grant-1' } })).status,
      ).toBe(200);
      expect(errorOf(await owner.call('GET', '/admin/v1/workspaces'))).toMatchObject({ status: 401 });
      expect(errorOf(await operator.call('GET', '/console/api/v1/workspace'))).toMatchObject({ status: 401 });
      expect(errorOf(await operator.call('GET', '/v1/deployments', { mode: 'test' }))).toMatchObject({ status: 401 });
      // The ops CLI invites the same way (and again is a password reset).
      const again = await services.ops<{ object: string; email: string; url: string }>('operator:invite', '--email', 'ops@service.example');
      expect(again).toMatchObject({ object: 'operator_invitation', email: 'ops@service.example', url: expect.stringMatching(/\/console\/invitations\//) });
      // A reset takes the old password and every session away at once, until the new link is used.
      expect(errorOf(await operator.call('GET', '/admin/v1/workspaces'))).toMatchObject({ status: 401 });
      expect((await operator.call('POST', '/console/api/v1/sessions', { body: { email: 'ops@service.example', password: PASSWORD } })).status).toBe(401);
      expect((await operator.accept(again.url)).status).toBe(201);
      // The grant shows in the workspace's audit log with the operator who made it.
      const log = await owner.call<{ data: { action: string; actor: { kind: string; id: string | null; label: string } }[] }>(
        'GET',
        '/console/api/v1/audit_log?action=credits.granted',
      );
      expect(log.body.data[0]?.actor).toEqual({ kind: 'operator', id: expect.stringMatching(/^op_/), label: 'ops@service.example' });
    });

    it('operators invite operators; plan changes and grants name who made them; the admin API takes Idempotency-Key', async () => {
      const olga = new MemberClient(services.baseUrl);
      olga.mode = null;
      expect((await olga.call('POST', '/console/api/v1/sessions', { body: { email: 'ops@service.example', password: PASSWORD } })).status).toBe(201);
      // An operator's session invites another operator, as the admin credential does.
      const invited = await olga.call<{ object: string; email: string; url: string }>('POST', '/admin/v1/operators/invitations', {
        body: { email: 'pat@service.example', name: 'Pat' },
      });
      expect([invited.status, invited.body.object]).toEqual([201, 'operator_invitation']);
      const pat = new MemberClient(services.baseUrl);
      pat.mode = null;
      expect((await pat.accept(invited.body.url)).body).toMatchObject({ principal: { kind: 'operator', email: 'pat@service.example', name: 'Pat' } });
      expect(errorOf(await olga.call('POST', '/admin/v1/operators/invitations', { body: { email: 'dev@sessions.example' } }))).toMatchObject({
        status: 400,
        param: 'email',
      });
      expect(errorOf(await olga.call('POST', '/admin/v1/operators/invitations', { body: { email: 'x@service.example', role: 'owner' } }))).toMatchObject({
        status: 400,
        param: 'role',
      });

      // One grant per Idempotency-Key: the repeat answers the first answer, another body is 409.
      const grant = (body: unknown, key: string) =>
        pat.call<{ topup: number }>('POST', `/admin/v1/workspaces/${workspace.id}/account/credits`, { body, headers: { 'idempotency-key': key } });
      const first = await grant({ credits: 7 }, 'grant-key-1');
      const again = await grant({ credits: 7 }, 'grant-key-1');
      expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 200, 'true']);
      expect(again.body.topup).toBe(first.body.topup);
      expect(errorOf(await grant({ credits: 8 }, 'grant-key-1'))).toMatchObject({ status: 409, code: 'idempotency_conflict' });
      // Slots are each operator's own: the same key from another operator is another grant.
      expect(
        (
          await olga.call<{ topup: number }>('POST', `/admin/v1/workspaces/${workspace.id}/account/credits`, {
            body: { credits: 7 },
            headers: { 'idempotency-key': 'grant-key-1' },
          })
        ).body.topup,
      ).toBe(first.body.topup + 7);
      expect((await pat.call('PATCH', `/admin/v1/workspaces/${workspace.id}/account/plan`, { body: { in_flight_limit: 12 } })).status).toBe(200);
      // The admin credential has slots of its own too.
      const byAdmin = (key: string) =>
        request(services.baseUrl, 'POST', `/admin/v1/workspaces/${workspace.id}/account/credits`, {
          headers: { ...ADMIN_HEADERS, 'idempotency-key': key },
          body: { credits: 1 },
        });
      const adminFirst = await byAdmin('admin-grant-1');
      expect((await byAdmin('admin-grant-1')).body).toEqual(adminFirst.body);

      const log = await owner.call<{ data: { action: string; actor: { kind: string; label: string } }[] }>('GET', '/console/api/v1/audit_log?limit=10');
      const byAction = (action: string) => log.body.data.filter((entry) => entry.action === action).map((entry) => `${entry.actor.kind}:${entry.actor.label}`);
      expect(byAction('plan.changed')[0]).toBe('operator:pat@service.example');
      expect(byAction('credits.granted').slice(0, 3)).toEqual(['admin:operations', 'operator:ops@service.example', 'operator:pat@service.example']);
    });
  });
});
