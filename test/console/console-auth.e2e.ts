/**
 * Console sign-in over HTTP against the real services: invitations (admin API and ops
 * CLI), accepting one with a password, sessions in cookies that work on /expert/v1, CSRF, the
 * sign-in throttles, and sign-out and revocation seen by a second gateway replica.
 */
import type { OpenApiDocument } from '../../apps/gateway/src/docs/openapi/openapi-document.types';
import { DocumentedResponses, openApiSchemaErrors } from '../../apps/gateway/src/docs/openapi/testing/openapi-validators';
import { request, type ErrorBody } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { FAST_CLOCKS, RouterE2e, type Expert, type Workspace, startRouterSuite } from '../routing/support/routing-e2e';
import { ADMIN, ConsoleClient, invite, sessionCookie, type Invitation, type Session } from './support/console-client';

const PASSWORD = 'amber kettle on the quay';
const INVITATION_TTL_SECONDS = 4;
const ACCOUNT_LIMIT = 3;
const ADDRESS_LIMIT = 12;

describe('console sign-in', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let workspace: Workspace;
  let ada: Expert;
  let bo: Expert;
  let documented: DocumentedResponses;

  const expectDocumented = (method: 'get' | 'post' | 'put' | 'delete', path: string, response: { status: number; body: unknown; headers: Headers }): void =>
    expect([method, path, response.status, documented.check(method, path, response.status, response.body, response.headers)]).toEqual([
      method,
      path,
      response.status,
      [],
    ]);

  beforeAll(async () => {
    ({ services, e2e, workspace } = await startRouterSuite(
      startServices({
        ...FAST_CLOCKS,
        OFFER_TIMEOUT_SECONDS: '60',
        CONSOLE_INVITATION_TTL_SECONDS: String(INVITATION_TTL_SECONDS),
        CONSOLE_SIGNIN_ACCOUNT_LIMIT: String(ACCOUNT_LIMIT),
        CONSOLE_SIGNIN_ADDRESS_LIMIT: String(ADDRESS_LIMIT),
        CONSOLE_SIGNIN_WINDOW_SECONDS: '600',
      }),
      'console-auth',
    ));
    ada = await e2e.addExpert(['console-auth'], 20, { name: 'Ada Lane' });
    bo = await e2e.addExpert(['console-auth-bo'], 30, { name: 'Bo Ek' });
    const served = await request<OpenApiDocument>(services.baseUrl, 'GET', '/expert/v1/openapi.json');
    expect(served.status).toBe(200);
    expect(openApiSchemaErrors(served.body)).toEqual([]);
    documented = new DocumentedResponses(served.body);
  });

  afterAll(async () => {
    await services?.stop();
  });

  it('invite → look at the link → accept with a password: a session cookie that works on the expert API', async () => {
    const invitation = await invite(services, ada, 'Ada.Lane@Example.com');
    expect(invitation).toEqual({
      object: 'invitation',
      expert_id: ada.id,
      email: 'ada.lane@example.com',
      url: expect.stringMatching(new RegExp(`^${services.baseUrl}/console/invitations/[A-Za-z0-9_-]{43}$`)),
      expires_at: expect.any(String),
    });
    expect(Date.parse(invitation.expires_at) - Date.now()).toBeLessThanOrEqual(INVITATION_TTL_SECONDS * 1000);
    const token = ConsoleClient.tokenOf(invitation);
    const preview = await request(services.baseUrl, 'GET', `/console/api/v1/invitations/${token}`);
    // A link says what it makes of you (an expert here; members and operators have links too).
    expect(preview.body).toEqual({
      kind: 'expert',
      email: 'ada.lane@example.com',
      name: 'Ada Lane',
      expires_at: invitation.expires_at,
      workspace_name: null,
      role: null,
    });
    expectDocumented('get', '/console/api/v1/invitations/{token}', preview);

    const client = new ConsoleClient(services.baseUrl);
    const weak = await client.accept(invitation, 'password1234');
    expect([weak.status, (weak.body as unknown as ErrorBody).error.code, (weak.body as unknown as ErrorBody).error.param]).toEqual([
      400,
      'invalid_request',
      'password',
    ]);
    const short = await client.accept(invitation, 'short');
    expect([short.status, (short.body as unknown as ErrorBody).error.param]).toEqual([400, 'password']);

    const accepted = await client.accept(invitation, PASSWORD);
    expect(accepted.status).toBe(201);
    expect(accepted.body).toEqual({
      object: 'session',
      principal: { kind: 'expert', id: ada.id, name: 'Ada Lane', email: 'ada.lane@example.com' },
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expires_at: expect.any(String),
    });
    expectDocumented('post', '/console/api/v1/invitations/{token}/accept', accepted);
    const cookie = sessionCookie(accepted);
    expect(cookie?.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/']));
    expect(cookie?.attributes).not.toContain('Secure');

    const me = await client.call('GET', '/expert/v1/me');
    expect([me.status, me.body.id, me.body.availability]).toEqual([200, ada.id, 'online']);
    expectDocumented('get', '/expert/v1/me', me);
    expect((await client.call('GET', '/expert/v1/offers')).status).toBe(200);
    const session = await client.call<Session>('GET', '/console/api/v1/session');
    expect(session.body).toMatchObject({ principal: { id: ada.id }, csrf_token: accepted.body.csrf_token });
    expectDocumented('get', '/console/api/v1/session', session);
    // The events record the acceptance; neither the token nor the password is in them.
    const { rows } = await services.database.pool.query<{ event_type: string; data: unknown }>(
      'SELECT event_type, data FROM events WHERE stream_name = $1 ORDER BY stream_revision',
      [`expert-${ada.id}`],
    );
    expect(rows.map((row) => row.event_type)).toEqual(['expert.registered', 'expert.invited', 'expert.invitation_accepted', 'expert.password_set']);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expect(JSON.stringify(rows)).not.toContain('$argon2id$');
  });

  it('an invitation is one-time; an expired, replaced or unknown one is 404', async () => {
    const used = await invite(services, bo, 'bo@example.com');
    expect((await new ConsoleClient(services.baseUrl).accept(used, PASSWORD)).status).toBe(201);
    const again = await new ConsoleClient(services.baseUrl).accept(used, 'another fine passphrase');
    expect([again.status, (again.body as unknown as ErrorBody).error.code]).toEqual([404, 'not_found']);
    expect((await request(services.baseUrl, 'GET', `/console/api/v1/invitations/${ConsoleClient.tokenOf(used)}`)).status).toBe(404);

    // The ops CLI prints the same JSON; a newer invitation replaces the open one.
    const first = await services.ops<Invitation>('expert:invite', '--expert', bo.id, '--email', 'bo@example.com');
    expect(first).toMatchObject({ object: 'invitation', expert_id: bo.id, email: 'bo@example.com' });
    const second = await invite(services, bo, 'bo@example.com');
    expect((await new ConsoleClient(services.baseUrl).accept(first, PASSWORD)).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, INVITATION_TTL_SECONDS * 1000 + 200));
    const late = await new ConsoleClient(services.baseUrl).accept(second, PASSWORD);
    expect([late.status, (late.body as unknown as ErrorBody).error.code]).toEqual([404, 'not_found']);
    expect((await request(services.baseUrl, 'GET', '/console/api/v1/invitations/not-a-token')).status).toBe(404);
  });

  it('refuses an email another expert signs in with; the admin API names the field', async () => {
    const taken = await request<ErrorBody>(services.baseUrl, 'POST', `/admin/v1/experts/${bo.id}/invitations`, {
      headers: ADMIN,
      body: { email: 'ada.lane@example.com' },
    });
    expect([taken.status, taken.body.error.param]).toEqual([400, 'email']);
    const malformed = await request<ErrorBody>(services.baseUrl, 'POST', `/admin/v1/experts/${bo.id}/invitations`, {
      headers: ADMIN,
      body: { email: 'not an email' },
    });
    expect([malformed.status, malformed.body.error.param]).toEqual([400, 'email']);
    expect(
      (
        await request(services.baseUrl, 'POST', '/admin/v1/experts/spec_01JZZZZZZZZZZZZZZZZZZZZZZZ/invitations', {
          headers: ADMIN,
          body: { email: 'x@example.com' },
        })
      ).status,
    ).toBe(404);
  });

  it('signs in with email and password; a wrong password and an unknown email are the same 401', async () => {
    const client = new ConsoleClient(services.baseUrl);
    const signedInResponse = await client.signIn('ADA.LANE@example.com', PASSWORD);
    expect(signedInResponse.status).toBe(201);
    expectDocumented('post', '/console/api/v1/sessions', signedInResponse);
    expect((await client.call('GET', '/expert/v1/me')).body.id).toBe(ada.id);
    const wrong = await new ConsoleClient(services.baseUrl).signIn('ada.lane@example.com', 'not the password at all');
    const unknown = await new ConsoleClient(services.baseUrl).signIn('nobody@example.com', 'not the password at all');
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect((wrong.body as unknown as ErrorBody).error.code).toBe('authentication_failed');
    expect((wrong.body as unknown as ErrorBody).error.message).toBe((unknown.body as unknown as ErrorBody).error.message);
    expect(sessionCookie(wrong)).toBeNull();
    expectDocumented('post', '/console/api/v1/sessions', wrong);
  });

  it('CSRF: a change with the cookie needs the session’s X-CSRF-Token (missing or forged: 403); a bearer credential does not', async () => {
    const client = new ConsoleClient(services.baseUrl);
    expect((await client.signIn('ada.lane@example.com', PASSWORD)).status).toBe(201);
    const missing = await client.call<ErrorBody>('POST', '/expert/v1/availability', { body: { availability: 'busy' }, csrf: null });
    expect([missing.status, missing.body.error.code, missing.body.error.param]).toEqual([403, 'csrf_token_invalid', 'X-CSRF-Token']);
    expectDocumented('post', '/expert/v1/availability', missing);
    const forged = await client.call<ErrorBody>('POST', '/expert/v1/availability', { body: { availability: 'busy' }, csrf: 'A'.repeat(43) });
    expect([forged.status, forged.body.error.code]).toEqual([403, 'csrf_token_invalid']);
    // Another session's token is as wrong as a forged one.
    const other = new ConsoleClient(services.baseUrl);
    await other.signIn('ada.lane@example.com', PASSWORD);
    expect((await client.call('POST', '/expert/v1/availability', { body: { availability: 'busy' }, csrf: other.csrf })).status).toBe(403);
    expect((await client.call('DELETE', '/console/api/v1/session', { csrf: null })).status).toBe(403);
    const right = await client.call('POST', '/expert/v1/availability', { body: { availability: 'online' } });
    expect([right.status, right.body.availability]).toEqual([200, 'online']);
    const bearer = await request(services.baseUrl, 'POST', '/expert/v1/availability', { key: ada.credential, body: { availability: 'online' } });
    expect(bearer.status).toBe(200);
  });

  it('a session cannot read or act on a deployment offered to another expert (404)', async () => {
    const created = await e2e.create(workspace.keys.live, { brief: 'Name the bakery.', skills: ['console-auth'] });
    expect((await e2e.waitForOffer(created.body.id, 1)).expertId).toBe(ada.id);
    const boClient = new ConsoleClient(services.baseUrl);
    const boSession = await boClient.signIn('bo@example.com', PASSWORD);
    expect(boSession.status).toBe(201);
    const read = await boClient.call<ErrorBody>('GET', `/expert/v1/deployments/${created.body.id}`);
    expect([read.status, read.body.error.code]).toEqual([404, 'not_found']);
    const act = await boClient.call<ErrorBody>('POST', `/expert/v1/deployments/${created.body.id}/accept`);
    expect([act.status, act.body.error.code]).toEqual([404, 'not_found']);
    const adaClient = new ConsoleClient(services.baseUrl);
    await adaClient.signIn('ada.lane@example.com', PASSWORD);
    expect((await adaClient.call('GET', `/expert/v1/deployments/${created.body.id}`)).status).toBe(200);
    const accepted = await adaClient.call('POST', `/expert/v1/deployments/${created.body.id}/accept`);
    expect([accepted.status, accepted.body.status]).toEqual([200, 'accepted']);
  });

  it('sign-out ends the session on a second gateway replica; sign-out everywhere and revocation end the others', async () => {
    await services.start('gateway-2');
    const first = new ConsoleClient(services.baseUrl);
    await first.signIn('ada.lane@example.com', PASSWORD);
    const onSecond = first.on(services.urlOf('gateway-2'));
    expect((await onSecond.call('GET', '/expert/v1/me')).status).toBe(200);
    const signOut = await first.call('DELETE', '/console/api/v1/session');
    expect(signOut.status).toBe(204);
    expect(sessionCookie(signOut)?.value).toBe('');
    const after = await onSecond.call<ErrorBody>('GET', '/expert/v1/me');
    expect([after.status, after.body.error.code]).toEqual([401, 'authentication_failed']);
    expect((await onSecond.call('GET', '/console/api/v1/session')).status).toBe(401);

    const laptop = new ConsoleClient(services.baseUrl);
    const phone = new ConsoleClient(services.urlOf('gateway-2'));
    await laptop.signIn('ada.lane@example.com', PASSWORD);
    await phone.signIn('ada.lane@example.com', PASSWORD);
    expect((await phone.call('POST', '/console/api/v1/sessions/revoke-all')).status).toBe(204);
    expect((await laptop.call('GET', '/expert/v1/me')).status).toBe(401);

    const desk = new ConsoleClient(services.urlOf('gateway-2'));
    await desk.signIn('ada.lane@example.com', PASSWORD);
    expect((await request(services.baseUrl, 'DELETE', `/admin/v1/experts/${ada.id}/sessions`, { headers: ADMIN })).status).toBe(204);
    expect((await desk.call('GET', '/expert/v1/offers')).status).toBe(401);
    // The bearer credential is untouched: tools keep working.
    expect((await request(services.urlOf('gateway-2'), 'GET', '/expert/v1/me', { key: ada.credential })).status).toBe(200);
  });

  it('serves the built console under /console with its security headers; its API never falls back to the page', async () => {
    const page = await fetch(`${services.baseUrl}/console/invitations/some-token`);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const api = await request<ErrorBody>(services.baseUrl, 'GET', '/console/api/v1/nothing-here');
    expect([api.status, api.body.error.code, api.body.error.request_id]).toEqual([404, 'not_found', api.headers.get('request-id')]);
    expect((await request(services.baseUrl, 'GET', '/console/api/v1/session')).status).toBe(401);
  });

  it('throttles failed sign-ins per account: 429 with Retry-After, even for the right password', async () => {
    const client = new ConsoleClient(services.baseUrl);
    for (let attempt = 0; attempt < ACCOUNT_LIMIT; attempt++) expect((await client.signIn('bo@example.com', `wrong guess number ${attempt}`)).status).toBe(401);
    const throttled = await client.signIn('bo@example.com', PASSWORD);
    expect([throttled.status, (throttled.body as unknown as ErrorBody).error.code]).toEqual([429, 'rate_limited']);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expectDocumented('post', '/console/api/v1/sessions', throttled);
    // Another account from the same address is not locked by Bo's failures.
    expect((await client.signIn('ada.lane@example.com', PASSWORD)).status).toBe(201);
  });

  it('throttles failed sign-ins per address, across accounts', async () => {
    let refusedAt = 0;
    for (let attempt = 1; attempt <= ADDRESS_LIMIT + 1 && refusedAt === 0; attempt++) {
      const response = await new ConsoleClient(services.baseUrl).signIn(`stranger-${attempt}@example.com`, 'some wrong password');
      if (response.status === 429) refusedAt = attempt;
      else expect(response.status).toBe(401);
    }
    expect(refusedAt).toBeGreaterThan(0);
    expect(refusedAt).toBeLessThanOrEqual(ADDRESS_LIMIT + 1);
    const blocked = await new ConsoleClient(services.baseUrl).signIn('ada.lane@example.com', PASSWORD);
    expect(blocked.status).toBe(429);
  });
});
