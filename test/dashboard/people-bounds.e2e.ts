/**
 * What one person can do to another through the console's people: guessing passwords (the sign-in
 * throttle, raced and from another address), taking someone's email with an invitation, learning
 * about other tenants' people from invitation answers, and operators that cannot be offboarded.
 * The gateway runs as behind a proxy that ends TLS, so its session cookie must carry `Secure`.
 */
import http from 'node:http';
import { request } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { sessionCookie } from '../console/support/console-client';
import { ADMIN_HEADERS, DASHBOARD_ENV, errorOf, invitedMember, MemberClient, PASSWORD, workspaceWithOwner } from './support/dashboard-client';

const ACCOUNT_LIMIT = 5;

/** A sign-in sent from another loopback address (127.0.0.x): another client, as the gateway sees it. */
function signInFrom(baseUrl: string, localAddress: string, email: string, password: string): Promise<number> {
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${baseUrl}/console/api/v1/sessions`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const signIn = (client: MemberClient, email: string, password = PASSWORD) =>
  client.call('POST', '/console/api/v1/sessions', { body: { email, password }, mode: null });

describe('people: sign-in throttle, invitations, operators, cookies', () => {
  let services: RunningServices;
  let acmeOwner: MemberClient;
  let otherOwner: MemberClient;

  beforeAll(async () => {
    services = await startServices({
      ...DASHBOARD_ENV,
      CONSOLE_SIGNIN_ACCOUNT_LIMIT: String(ACCOUNT_LIMIT),
      CONSOLE_SIGNIN_ADDRESS_LIMIT: '60',
      CONSOLE_SIGNIN_WINDOW_SECONDS: '900',
      TLS_TERMINATED_BY_PROXY: 'true',
    });
    ({ owner: acmeOwner } = await workspaceWithOwner(services, 'Acme', 'owner@acme.example'));
    ({ owner: otherOwner } = await workspaceWithOwner(services, 'Other Co', 'owner@other.example'));
  });
  afterAll(() => services?.stop());

  it('sets Secure on the session cookie when TLS ends at a declared proxy', async () => {
    const signedIn = await request(services.baseUrl, 'POST', '/console/api/v1/sessions', { body: { email: 'owner@acme.example', password: PASSWORD } });
    expect(signedIn.status).toBe(201);
    expect(sessionCookie(signedIn)?.attributes).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Strict']));
  });

  describe('the sign-in throttle', () => {
    it('checks at most the limit of twelve wrong passwords sent at once; the rest are 429', async () => {
      await invitedMember(services, acmeOwner, 'raced@acme.example', 'developer');
      const statuses = await Promise.all(
        Array.from({ length: 12 }, (_, index) => signInFrom(services.baseUrl, '127.0.0.1', 'raced@acme.example', `wrong guess ${index}`)),
      );
      expect(statuses.filter((status) => status === 401)).toHaveLength(ACCOUNT_LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(12 - ACCOUNT_LIMIT);
    });

    it('a stranger’s wrong passwords from another address do not lock the owner out', async () => {
      await invitedMember(services, acmeOwner, 'locked@acme.example', 'developer');
      for (let attempt = 0; attempt < ACCOUNT_LIMIT; attempt++)
        expect(await signInFrom(services.baseUrl, '127.0.0.2', 'locked@acme.example', `stranger guess ${attempt}`)).toBe(401);
      expect(await signInFrom(services.baseUrl, '127.0.0.2', 'locked@acme.example', PASSWORD)).toBe(429);
      expect(await signInFrom(services.baseUrl, '127.0.0.3', 'locked@acme.example', PASSWORD)).toBe(201);
    });
  });

  describe('invitations and other people’s emails', () => {
    it('refuses an expert invitation to a member’s email; the member still signs in with their own password', async () => {
      const expert = await request<{ expert: { id: string } }>(services.baseUrl, 'POST', '/admin/v1/experts', {
        headers: ADMIN_HEADERS,
        body: { name: 'Imposter', role: 'Copywriter', skills: ['people-bounds'], tenure_years: 1, median_turnaround_minutes: 30, rate_credits_per_hour: 50 },
      });
      const invited = await request(services.baseUrl, 'POST', `/admin/v1/experts/${expert.body.expert.id}/invitations`, {
        headers: ADMIN_HEADERS,
        body: { email: 'Owner@Acme.example' },
      });
      expect(errorOf(invited)).toEqual({ status: 400, code: 'invalid_request', param: 'email' });
      const owner = new MemberClient(services.baseUrl);
      const signedIn = await signIn(owner, 'owner@acme.example');
      expect(signedIn.status).toBe(201);
      expect(signedIn.body).toMatchObject({ principal: { kind: 'member', email: 'owner@acme.example', workspace_name: 'Acme' } });
    });

    it('answers an owner alike for an address used in another workspace and an unused one; the taken one cannot be accepted', async () => {
      const invite = (email: string) =>
        otherOwner.call<Record<string, unknown>>('POST', '/console/api/v1/members/invitations', { body: { email, role: 'developer' } });
      const taken = await invite('owner@acme.example');
      const unused = await invite('nobody-yet@unused.example');
      expect(taken.status).toBe(unused.status);
      expect(taken.status).toBe(201);
      expect(Object.keys(taken.body).sort()).toEqual(Object.keys(unused.body).sort());
      const shape = (body: Record<string, unknown>) => ({ ...body, id: 'x', email: 'x', url: 'x', expires_at: 'x', created_at: 'x' });
      expect(shape(taken.body)).toEqual(shape(unused.body));
      const open = await otherOwner.call<{ data: { email: string }[] }>('GET', '/console/api/v1/members/invitations');
      expect(open.body.data.map((invitation) => invitation.email)).toEqual(expect.arrayContaining(['owner@acme.example', 'nobody-yet@unused.example']));

      // Accepting the taken one is refused: the Acme owner's sign-in is never replaced.
      const accepted = await new MemberClient(services.baseUrl).accept(String(taken.body.url), 'another password for acme 1');
      expect(errorOf(accepted)).toEqual({ status: 400, code: 'invalid_request', param: 'token' });
      expect((await signIn(new MemberClient(services.baseUrl), 'owner@acme.example')).body).toMatchObject({ principal: { workspace_name: 'Acme' } });
      expect((await signIn(new MemberClient(services.baseUrl), 'owner@acme.example', 'another password for acme 1')).status).toBe(401);
      expect((await new MemberClient(services.baseUrl).accept(String(unused.body.url))).status).toBe(201);
    });
  });

  describe('operators', () => {
    const admin = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
      request<T>(services.baseUrl, method, `/admin/v1/operators${path}`, { headers: ADMIN_HEADERS, body });
    const joined = async (email: string, name: string): Promise<{ id: string; client: MemberClient }> => {
      const invited = await admin<{ operator_id: string; url: string }>('POST', '/invitations', { email, name });
      expect(invited.status).toBe(201);
      const client = new MemberClient(services.baseUrl);
      client.mode = null;
      expect((await client.accept(invited.body.url)).status).toBe(201);
      return { id: invited.body.operator_id, client };
    };
    const works = async (client: MemberClient) => (await client.call('GET', '/admin/v1/operators')).status;

    it('are listed, signed out everywhere and removed through the admin API: old sessions 401, the old password fails', async () => {
      const olga = await joined('olga@ops.example', 'Olga');
      const listed = await admin<{ object: string; data: { id: string; email: string; status: string }[] }>('GET', '');
      expect(listed.status).toBe(200);
      expect(listed.body.data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ object: 'operator', id: olga.id, email: 'olga@ops.example', name: 'Olga', status: 'active', removed_at: null }),
        ]),
      );

      const ended = await admin<{ sessions_ended: number }>('DELETE', `/${olga.id}/sessions`);
      expect([ended.status, ended.body.sessions_ended]).toEqual([200, 1]);
      expect(await works(olga.client)).toBe(401);
      // Signed out, not offboarded: the password still works.
      expect((await signIn(olga.client, 'olga@ops.example')).status).toBe(201);
      expect(await works(olga.client)).toBe(200);

      const removed = await admin<{ id: string; removed: boolean; sessions_ended: number }>('DELETE', `/${olga.id}`);
      expect(removed.body).toEqual({ id: olga.id, removed: true, sessions_ended: 1 });
      expect(await works(olga.client)).toBe(401);
      expect(errorOf(await signIn(new MemberClient(services.baseUrl), 'olga@ops.example'))).toMatchObject({ status: 401, code: 'authentication_failed' });
      expect((await admin<{ data: { id: string; status: string }[] }>('GET', '')).body.data.find((entry) => entry.id === olga.id)).toMatchObject({
        status: 'removed',
        removed_at: expect.any(String),
      });
      expect((await admin('DELETE', `/${olga.id}`)).body).toEqual({ id: olga.id, removed: true, sessions_ended: 0 });
      expect(errorOf(await admin('DELETE', '/op_01JZZZZZZZZZZZZZZZZZZZZZZZ'))).toMatchObject({ status: 404, code: 'not_found' });
      expect(errorOf(await admin('DELETE', '/not-an-id/sessions'))).toMatchObject({ status: 404, param: 'id' });
    });

    it('a new link takes the old password and sessions away; only the admin credential makes one for another operator', async () => {
      const pat = await joined('pat@ops.example', 'Pat');
      const quinn = await joined('quinn@ops.example', 'Quinn');
      // A peer's session cannot make a link for another operator (it would be their sign-in) …
      expect(errorOf(await pat.client.call('POST', '/admin/v1/operators/invitations', { body: { email: 'quinn@ops.example' } }))).toEqual({
        status: 403,
        code: 'permission_denied',
        param: 'email',
      });
      expect(await works(quinn.client)).toBe(200);
      // … but invites new people, as before.
      expect((await pat.client.call('POST', '/admin/v1/operators/invitations', { body: { email: 'rita@ops.example' } })).status).toBe(201);

      const reset = await admin<{ url: string }>('POST', '/invitations', { email: 'quinn@ops.example' });
      expect(reset.status).toBe(201);
      expect(await works(quinn.client)).toBe(401);
      expect((await signIn(new MemberClient(services.baseUrl), 'quinn@ops.example')).status).toBe(401);
      const again = new MemberClient(services.baseUrl);
      again.mode = null;
      expect((await again.accept(reset.body.url, 'a brand new password for quinn')).status).toBe(201);
      expect(await works(again)).toBe(200);
    });

    it('the ops CLI lists, signs out and removes operators', async () => {
      const sam = await joined('sam@ops.example', 'Sam');
      const listed = await services.ops<{ data: { id: string; status: string }[] }>('operator:list');
      expect(listed.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: sam.id, status: 'active' })]));
      expect(await services.ops('operator:end-sessions', '--operator', sam.id)).toEqual({ id: sam.id, sessions_ended: 1 });
      expect(await works(sam.client)).toBe(401);
      expect((await signIn(sam.client, 'sam@ops.example')).status).toBe(201);
      expect(await services.ops('operator:remove', '--operator', sam.id)).toEqual({ id: sam.id, removed: true, sessions_ended: 1 });
      expect(await works(sam.client)).toBe(401);
      expect((await signIn(new MemberClient(services.baseUrl), 'sam@ops.example')).status).toBe(401);
      // An invitation brings them back, with a new password.
      const back = await joined('sam@ops.example', 'Sam');
      expect(back.id).toBe(sam.id);
      expect(await works(back.client)).toBe(200);
    });
  });
});
