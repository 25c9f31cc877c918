import { waitUntil } from '@eh/platform/testing';
import { request } from '../support/http';
import type { RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';
import { ADMIN_HEADERS, DASHBOARD_ENV, errorOf, invitedMember, MemberClient, teamOn, type CreatedWorkspace } from './support/dashboard-client';

/**
 * Owners manage the team, keys, and ask for limits; developers cannot see the team; every change is
 * in the audit log. (Signing in, a member on /v1 and operators are in member-sessions.e2e.ts.)
 */
describe('workspace members: the team, keys, limit requests and the audit log', () => {
  let services: RunningServices;
  let workspace: CreatedWorkspace;
  let owner: MemberClient;
  let developer: MemberClient;

  beforeAll(async () => {
    ({ services, workspace, owner, developer } = await teamOn(sharedServices(DASHBOARD_ENV), 'Acme', {
      owner: 'owner@acme.example',
      developer: 'dev@acme.example',
    }));
  });
  afterAll(() => services?.stop());

  describe('the team', () => {
    it('owners list members and open invitations; developers get 403 permission_denied on all of it', async () => {
      const members = await owner.call<{ data: { email: string; role: string }[] }>('GET', '/console/api/v1/members');
      expect(members.body.data.map((m) => [m.email, m.role])).toEqual([
        ['owner@acme.example', 'owner'],
        ['dev@acme.example', 'developer'],
      ]);
      for (const [method, path] of [
        ['GET', '/console/api/v1/members'],
        ['GET', '/console/api/v1/members/invitations'],
        ['POST', '/console/api/v1/members/invitations'],
        ['GET', '/console/api/v1/audit_log'],
        ['POST', '/console/api/v1/limit_requests'],
      ]) {
        const body = method === 'GET' ? undefined : { email: 'x@acme.example', role: 'developer', in_flight_limit: 20, reason: 'x' };
        expect([path, errorOf(await developer.call(method, path, { body }))]).toEqual([path, { status: 403, code: 'permission_denied', param: undefined }]);
      }
    });

    it('invitations: 400 naming email or role, an email already signing in refused, revoked links are 404', async () => {
      expect(errorOf(await owner.call('POST', '/console/api/v1/members/invitations', { body: { email: 'not-an-email', role: 'developer' } }))).toMatchObject({
        status: 400,
        param: 'email',
      });
      expect(errorOf(await owner.call('POST', '/console/api/v1/members/invitations', { body: { email: 'a@acme.example', role: 'admin' } }))).toMatchObject({
        status: 400,
        param: 'role',
      });
      expect(errorOf(await owner.call('POST', '/console/api/v1/members/invitations', { body: { email: 'dev@acme.example', role: 'owner' } }))).toMatchObject({
        status: 400,
        param: 'email',
      });
      expect(
        errorOf(await owner.call('POST', '/console/api/v1/members/invitations', { body: { email: 'a@acme.example', role: 'developer', extra: 1 } })),
      ).toMatchObject({ status: 400, param: 'extra' });
      const invited = await owner.call<{ id: string; url: string }>('POST', '/console/api/v1/members/invitations', {
        body: { email: 'later@acme.example', role: 'developer' },
      });
      expect(invited.status).toBe(201);
      const open = await owner.call<{ data: { id: string }[] }>('GET', '/console/api/v1/members/invitations');
      expect(open.body.data.map((i) => i.id)).toContain(invited.body.id);
      expect((await owner.call('DELETE', `/console/api/v1/members/invitations/${invited.body.id}`)).body).toEqual({
        object: 'member_invitation',
        id: invited.body.id,
        deleted: true,
      });
      expect(errorOf(await owner.call('DELETE', `/console/api/v1/members/invitations/${invited.body.id}`))).toMatchObject({ status: 404, code: 'not_found' });
      expect(errorOf(await new MemberClient(services.baseUrl).accept(invited.body.url))).toMatchObject({ status: 404, param: 'token' });
    });

    it('role changes keep an owner; removal ends the member’s sessions at once', async () => {
      const me = (await owner.call<{ principal: { id: string } }>('GET', '/console/api/v1/session')).body.principal.id;
      expect(errorOf(await owner.call('POST', `/console/api/v1/members/${me}`, { body: { role: 'developer' } }))).toMatchObject({
        status: 409,
        code: 'last_owner',
      });
      expect(errorOf(await owner.call('DELETE', `/console/api/v1/members/${me}`))).toMatchObject({ status: 409, code: 'last_owner' });
      expect(errorOf(await owner.call('POST', '/console/api/v1/members/mem_01JZZZZZZZZZZZZZZZZZZZZZZZ', { body: { role: 'owner' } }))).toMatchObject({
        status: 404,
        code: 'not_found',
      });
      expect(errorOf(await owner.call('POST', `/console/api/v1/members/${me}`, { body: {} }))).toMatchObject({ status: 400, param: 'role' });

      const temp = await invitedMember(services, owner, 'temp@acme.example', 'developer');
      const tempId = (await temp.call<{ principal: { id: string } }>('GET', '/console/api/v1/session')).body.principal.id;
      expect((await owner.call('POST', `/console/api/v1/members/${tempId}`, { body: { role: 'owner' } })).body).toMatchObject({
        object: 'member',
        id: tempId,
        role: 'owner',
      });
      expect((await owner.call('DELETE', `/console/api/v1/members/${tempId}`)).body).toEqual({ object: 'member', id: tempId, deleted: true });
      expect(errorOf(await temp.call('GET', '/console/api/v1/session'))).toMatchObject({ status: 401, code: 'authentication_failed' });
      expect(errorOf(await temp.call('GET', '/v1/deployments'))).toMatchObject({ status: 401, code: 'authentication_failed' });
    });
  });

  describe('API keys from the dashboard', () => {
    it('creates a named key of the mode (shown once), lists it with last use, revokes it; another mode’s key is 404', async () => {
      owner.mode = 'live';
      try {
        const created = await owner.call<{ id: string; key: string; name: string; mode: string; last_used_at: string | null }>(
          'POST',
          '/console/api/v1/api_keys',
          { body: { name: 'CI' } },
        );
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({
          object: 'api_key',
          name: 'CI',
          mode: 'live',
          prefix: 'svc_live_',
          last_used_at: null,
          revoked_at: null,
          key: expect.stringMatching(/^svc_live_[0-9A-Za-z]{32}$/),
        });
        expect((await request(services.baseUrl, 'GET', '/v1/usage', { key: created.body.key })).status).toBe(200);
        // Last use is recorded beside the request, not before its answer ("at most a minute behind"): it shows up shortly.
        const listed = await waitUntil(
          async () => {
            const page = await owner.call<{ data: { id: string; last_used_at: string | null; key?: string }[] }>('GET', '/console/api/v1/api_keys');
            return page.body.data.find((k) => k.id === created.body.id)?.last_used_at ? page : undefined;
          },
          { timeoutMs: 10_000, description: 'the key’s last use listed' },
        );
        const mine = listed.body.data.find((k) => k.id === created.body.id);
        expect(mine?.last_used_at).toEqual(expect.any(String));
        expect(mine).not.toHaveProperty('key');
        expect(listed.body.data.some((k) => (k as { name?: string }).name === 'Default')).toBe(true);
        expect(errorOf(await owner.call('POST', `/console/api/v1/api_keys/${created.body.id}/revoke`, { mode: 'test' }))).toMatchObject({
          status: 404,
          param: 'id',
        });
        expect(errorOf(await owner.call('POST', `/console/api/v1/api_keys/${created.body.id}/revoke`, { body: { now: true } }))).toMatchObject({
          status: 400,
          param: 'now',
        });
        expect((await owner.call('POST', `/console/api/v1/api_keys/${created.body.id}/revoke`)).body).toMatchObject({
          id: created.body.id,
          revoked_at: expect.any(String),
        });
        expect(errorOf(await request(services.baseUrl, 'GET', '/v1/usage', { key: created.body.key }))).toMatchObject({ status: 401 });
      } finally {
        owner.mode = 'test';
      }
    });

    it('refuses a missing name and a missing mode; a key cannot manage keys; the 21st active key is 409', async () => {
      expect(errorOf(await owner.call('POST', '/console/api/v1/api_keys', { body: {} }))).toMatchObject({ status: 400, param: 'name' });
      expect(errorOf(await owner.call('GET', '/console/api/v1/api_keys', { mode: null }))).toMatchObject({ status: 400, param: 'Service-Mode' });
      expect(errorOf(await request(services.baseUrl, 'GET', '/console/api/v1/api_keys', { key: workspace.keys.test }))).toMatchObject({ status: 401 });
      for (let i = 0; i < 19; i++) expect((await owner.call('POST', '/console/api/v1/api_keys', { body: { name: `k${i}` }, mode: 'test' })).status).toBe(201);
      expect(errorOf(await owner.call('POST', '/console/api/v1/api_keys', { body: { name: 'one too many' }, mode: 'test' }))).toMatchObject({
        status: 409,
        code: 'api_key_limit_reached',
      });
    });

    it('a create with an Idempotency-Key is answered once', async () => {
      const create = (name: string) =>
        owner.call<{ id: string }>('POST', '/console/api/v1/api_keys', { body: { name }, headers: { 'idempotency-key': 'key-create-1' }, mode: 'live' });
      const first = await create('Idem');
      const again = await create('Idem');
      expect(again.body.id).toBe(first.body.id);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(errorOf(await create('Other'))).toMatchObject({ status: 409, code: 'idempotency_conflict' });
    });
  });

  describe('plan and limits', () => {
    it('an owner asks for a higher in-flight limit; operations see it and answer', async () => {
      expect(
        (
          await request(services.baseUrl, 'PATCH', `/admin/v1/workspaces/${workspace.id}/account/plan`, {
            headers: ADMIN_HEADERS,
            body: { in_flight_limit: 10 },
          })
        ).status,
      ).toBe(200);
      const refused: [body: { in_flight_limit: number; reason: string }, param: string][] = [
        [{ in_flight_limit: 5, reason: 'launch' }, 'in_flight_limit'],
        [{ in_flight_limit: 20000, reason: 'launch' }, 'in_flight_limit'],
        [{ in_flight_limit: 20.5, reason: 'launch' }, 'in_flight_limit'],
        [{ in_flight_limit: 20, reason: '   ' }, 'reason'],
      ];
      for (const [body, param] of refused) {
        expect(errorOf(await owner.call('POST', '/console/api/v1/limit_requests', { body }))).toMatchObject({ status: 400, param });
      }
      const asked = await owner.call<{ id: string; current_in_flight_limit: number }>('POST', '/console/api/v1/limit_requests', {
        body: { in_flight_limit: 20, reason: 'launch week' },
      });
      expect(asked.status).toBe(201);
      expect(asked.body).toMatchObject({
        object: 'limit_request',
        status: 'open',
        current_in_flight_limit: 10,
        requested_in_flight_limit: 20,
        requested_by: { kind: 'member', label: 'owner@acme.example' },
      });
      const open = await request<{ data: { id: string }[] }>(services.baseUrl, 'GET', '/admin/v1/limit_requests?status=open', { headers: ADMIN_HEADERS });
      expect(open.body.data.map((r) => r.id)).toContain(asked.body.id);
      expect(errorOf(await request(services.baseUrl, 'GET', '/admin/v1/limit_requests?status=maybe', { headers: ADMIN_HEADERS }))).toMatchObject({
        status: 400,
        param: 'status',
      });
      const resolved = await request(services.baseUrl, 'POST', `/admin/v1/limit_requests/${asked.body.id}/resolve`, {
        headers: ADMIN_HEADERS,
        body: { outcome: 'granted', note: 'plan raised' },
      });
      expect(resolved.body).toMatchObject({ status: 'granted', resolution_note: 'plan raised' });
      expect(
        errorOf(
          await request(services.baseUrl, 'POST', `/admin/v1/limit_requests/${asked.body.id}/resolve`, {
            headers: ADMIN_HEADERS,
            body: { outcome: 'declined' },
          }),
        ),
      ).toMatchObject({ status: 409, code: 'invalid_state_transition' });
      expect(
        errorOf(
          await request(services.baseUrl, 'POST', '/admin/v1/limit_requests/lrq_01JZZZZZZZZZZZZZZZZZZZZZZZ/resolve', {
            headers: ADMIN_HEADERS,
            body: { outcome: 'declined' },
          }),
        ),
      ).toMatchObject({ status: 404 });
      expect((await developer.call<{ data: { id: string }[] }>('GET', '/console/api/v1/limit_requests')).body.data.map((r) => r.id)).toContain(asked.body.id);
    });
  });

  describe('the audit log', () => {
    it('shows every change to keys, members and limits with who made it, newest first, for owners', async () => {
      const log = await owner.call<{ data: { action: string; actor: { kind: string; label: string }; mode: string | null }[]; next: string | null }>(
        'GET',
        '/console/api/v1/audit_log?limit=100',
      );
      const actions = log.body.data.map((entry) => entry.action);
      for (const action of [
        'workspace.created',
        'api_key.created',
        'api_key.revoked',
        'member.invited',
        'member.joined',
        'member.role_changed',
        'member.removed',
        'member.invitation_revoked',
        'limit_request.created',
        'limit_request.resolved',
      ])
        expect([action, actions.includes(action)]).toEqual([action, true]);
      const keyCreated = log.body.data.find((entry) => entry.action === 'api_key.created' && entry.actor.kind === 'member');
      expect(keyCreated).toMatchObject({ actor: { kind: 'member', label: 'owner@acme.example' }, mode: expect.stringMatching(/^(test|live)$/) });
      expect(log.body.data.find((entry) => entry.action === 'workspace.created')?.actor).toMatchObject({ kind: 'admin' });
      const page = await owner.call<{ data: unknown[]; next: string | null }>('GET', '/console/api/v1/audit_log?limit=2');
      expect(page.body.data).toHaveLength(2);
      const second = await owner.call<{ data: { id: string }[] }>('GET', `/console/api/v1/audit_log?limit=2&cursor=${page.body.next}`);
      expect(second.body.data).toHaveLength(2);
      expect(errorOf(await owner.call('GET', '/console/api/v1/audit_log?cursor=nope'))).toMatchObject({ status: 400, param: 'cursor' });
      expect(errorOf(await owner.call('GET', '/console/api/v1/audit_log?action=made.up'))).toMatchObject({ status: 400, param: 'action' });
      expect(errorOf(await owner.call('GET', '/console/api/v1/audit_log?limit=0'))).toMatchObject({ status: 400, param: 'limit' });
      expect(errorOf(await owner.call('GET', '/console/api/v1/audit_log?sort=asc'))).toMatchObject({ status: 400, param: 'sort' });
      const filtered = await owner.call<{ data: { action: string }[] }>('GET', '/console/api/v1/audit_log?action=member.joined');
      expect(new Set(filtered.body.data.map((entry) => entry.action))).toEqual(new Set(['member.joined']));
    });
  });
});
