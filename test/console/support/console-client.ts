import { request, type JsonResponse } from '../../support/http';
import type { RunningServices } from '../../support/service-harness';
import { FAST_CLOCKS, type Expert } from '../../routing/support/routing-e2e';

export interface Session {
  object: 'session';
  principal: { kind: 'expert'; id: string; name: string; email: string };
  csrf_token: string;
  expires_at: string;
}

export interface Invitation {
  object: 'invitation';
  expert_id: string;
  email: string;
  url: string;
  expires_at: string;
}

export const ADMIN = { authorization: `Bearer ${FAST_CLOCKS.ADMIN_API_KEY}` };

/** The `eh_session` cookie's value and attributes from a response, if it set one. */
export function sessionCookie(response: { headers: Headers }): { value: string; attributes: string[] } | null {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith('eh_session='));
  if (!header) return null;
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  return { value: pair.slice('eh_session='.length), attributes };
}

/**
 * A browser's view of the console API, minus the browser: it keeps the session cookie and sends
 * it (and, unless told otherwise, the CSRF token) like the console's client does.
 */
export class ConsoleClient {
  cookie: string | null = null;
  csrf: string | null = null;

  constructor(private baseUrl: string) {}

  /** The same cookie jar against another gateway replica. */
  on(baseUrl: string): ConsoleClient {
    const twin = new ConsoleClient(baseUrl);
    twin.cookie = this.cookie;
    twin.csrf = this.csrf;
    return twin;
  }

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { body?: unknown; csrf?: string | null; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = `eh_session=${this.cookie}`;
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
    const response = await request<T>(this.baseUrl, method, path, { body: options.body, headers });
    this.remember(response);
    return response;
  }

  private remember(response: JsonResponse<unknown>): void {
    const cookie = sessionCookie(response);
    if (cookie) this.cookie = cookie.value === '' ? null : cookie.value;
    const body = response.body as Partial<Session> | null;
    if (body && body.object === 'session' && typeof body.csrf_token === 'string') this.csrf = body.csrf_token;
  }

  /** The token at the end of an invitation link. */
  static tokenOf(invitation: Invitation): string {
    return invitation.url.split('/').pop() ?? '';
  }

  async accept(invitation: Invitation, password: string): Promise<JsonResponse<Session>> {
    return this.call<Session>('POST', `/console/api/v1/invitations/${ConsoleClient.tokenOf(invitation)}/accept`, { body: { password } });
  }

  async signIn(email: string, password: string): Promise<JsonResponse<Session>> {
    return this.call<Session>('POST', '/console/api/v1/sessions', { body: { email, password } });
  }
}

export async function invite(services: RunningServices, expert: Expert, email: string): Promise<Invitation> {
  const response = await request<Invitation>(services.baseUrl, 'POST', `/admin/v1/experts/${expert.id}/invitations`, { headers: ADMIN, body: { email } });
  if (response.status !== 201) throw new Error(`invite: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Invites, accepts and returns a signed-in client. */
export async function signedIn(services: RunningServices, expert: Expert, email: string, password: string): Promise<ConsoleClient> {
  const client = new ConsoleClient(services.baseUrl);
  const accepted = await client.accept(await invite(services, expert, email), password);
  if (accepted.status !== 201) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return client;
}
