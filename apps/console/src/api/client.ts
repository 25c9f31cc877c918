/**
 * The one typed client (openapi-fetch over the generated `/expert/v1` document, which also holds
 * the console's sign-in API). Cookies carry the session; every state change sends the session's
 * CSRF token (docs/console-contract.md "Auth"). Components never call it directly: they use the
 * hooks in queries.ts.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './generated/expert';
import { toApiError } from './api-error';
import { queryClient } from './query-client';
import type { Session } from './types';

export const sessionKey = ['session'] as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Where a 401 is an answer (not signed in), not a lost session. */
const SESSION_PATHS = /\/console\/api\/v1\/(session|sessions|invitations)(\/|$)/;

const csrf: Middleware = {
  onRequest({ request }) {
    if (SAFE_METHODS.has(request.method)) return undefined;
    const token = queryClient.getQueryData<Session | null>(sessionKey)?.csrf_token;
    if (token) request.headers.set('X-CSRF-Token', token);
    return request;
  },
};

/** A session that ends (expired, signed out elsewhere, revoked) sends the console back to sign-in. */
const sessionEnded: Middleware = {
  onResponse({ request, response }) {
    if (response.status === 401 && !SESSION_PATHS.test(new URL(request.url).pathname)) queryClient.setQueryData(sessionKey, null);
    return undefined;
  },
};

export const api = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });
api.use(csrf, sessionEnded);

/** The body of a successful answer, or an ApiError carrying the gateway's error code and message. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw toApiError(response, error);
  return data as T;
}
