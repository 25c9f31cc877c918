import { request, type JsonResponse } from '../../support/http';
import type { RunningServices } from '../../support/service-harness';
import { sessionCookie } from '../../console/support/console-client';

export const DASHBOARD_ADMIN_KEY = 'admin-key-for-dashboard-tests-0123456789';
export const ADMIN_HEADERS = { authorization: `Bearer ${DASHBOARD_ADMIN_KEY}` };
export const PASSWORD = 'correct horse battery staple 13';

/** What every dashboard suite starts the services with: fast webhooks to loopback receivers. */
export const DASHBOARD_ENV: Record<string, string> = {
  ADMIN_API_KEY: DASHBOARD_ADMIN_KEY,
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_RETRY_DELAYS_MS: '100,100,100,100,100,100',
  WEBHOOK_TIMEOUT_MS: '1000',
  WEBHOOK_RECONCILE_INTERVAL_MS: '1000',
  CONSOLE_SSE_KEEPALIVE_SECONDS: '1',
  RATE_LIMIT_PER_MINUTE: '100000',
};

export interface CreatedWorkspace {
  id: string;
  name: string;
  keys: { test: string; live: string };
  owner_invitation: { email: string; url: string; expires_at: string } | null;
}

/**
 * A member's browser, minus the browser: keeps the session cookie, sends the CSRF token on changes
 * and the mode on every call, as the console's one typed client does.
 */
export class MemberClient {
  cookie: string | null = null;
  csrf: string | null = null;
  mode: 'test' | 'live' | null = 'test';

  constructor(readonly baseUrl: string) {}

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { body?: unknown; csrf?: string | null; mode?: 'test' | 'live' | null; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = `eh_session=${this.cookie}`;
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
    const mode = options.mode === undefined ? this.mode : options.mode;
    if (mode) headers['service-mode'] = mode;
    const response = await request<T>(this.baseUrl, method, path, { body: options.body, headers });
    const cookie = sessionCookie(response);
    if (cookie) this.cookie = cookie.value === '' ? null : cookie.value;
    const body = response.body as { object?: string; csrf_token?: string } | null;
    if (body?.object === 'session' && typeof body.csrf_token === 'string') this.csrf = body.csrf_token;
    return response;
  }

  /** Accepts an invitation link (choosing a password, and a name when given). */
  async accept(url: string, password = PASSWORD, name?: string): Promise<JsonResponse<Record<string, unknown>>> {
    const token = url.split('/').pop() ?? '';
    return this.call('POST', `/console/api/v1/invitations/${token}/accept`, { body: name === undefined ? { password } : { password, name }, mode: null });
  }
}

const expectStatus = <T>(response: JsonResponse<T>, status: number, what: string): T => {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
};

/** A workspace with its first owner invited (admin API), the owner signed in. */
export async function workspaceWithOwner(
  services: RunningServices,
  name: string,
  ownerEmail: string,
): Promise<{ workspace: CreatedWorkspace; owner: MemberClient }> {
  const workspace = expectStatus(
    await request<CreatedWorkspace>(services.baseUrl, 'POST', '/admin/v1/workspaces', { headers: ADMIN_HEADERS, body: { name, owner_email: ownerEmail } }),
    201,
    'create workspace',
  );
  const owner = new MemberClient(services.baseUrl);
  expectStatus(await owner.accept(workspace.owner_invitation?.url ?? ''), 201, 'owner accepts');
  return { workspace, owner };
}

/** An owner invites someone with a role; they accept and are signed in. */
export async function invitedMember(services: RunningServices, owner: MemberClient, email: string, role: 'owner' | 'developer'): Promise<MemberClient> {
  const invitation = expectStatus(await owner.call<{ url: string }>('POST', '/console/api/v1/members/invitations', { body: { email, role } }), 201, 'invite');
  const member = new MemberClient(services.baseUrl);
  expectStatus(await member.accept(invitation.url), 201, 'member accepts');
  return member;
}

/**
 * Services as they start, with a workspace whose owner has invited a developer, both signed in.
 * Callers write their `sharedServices(...)` call themselves: the test sequencer reads it to run
 * files asking for the same stack together.
 */
export async function teamOn(
  starting: Promise<RunningServices>,
  workspaceName: string,
  emails: { owner: string; developer: string },
): Promise<{ services: RunningServices; workspace: CreatedWorkspace; owner: MemberClient; developer: MemberClient }> {
  const services = await starting;
  const { workspace, owner } = await workspaceWithOwner(services, workspaceName, emails.owner);
  const developer = await invitedMember(services, owner, emails.developer, 'developer');
  return { services, workspace, owner, developer };
}

export const errorOf = (response: JsonResponse<unknown>): { status: number; code: string; param: string | undefined } => {
  const body = response.body as { error?: { code: string; param?: string } } | null;
  return { status: response.status, code: body?.error?.code ?? '(none)', param: body?.error?.param };
};
