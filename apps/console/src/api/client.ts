/**
 * The typed clients (openapi-fetch over the generated documents): `/expert/v1` with the console's
 * own API (sign-in, the workspace's people and keys), `/v1` for the dashboard (one client per mode,
 * each naming its mode on every request: docs/dashboard-contract.md §1) and `/admin/v1` for
 * operators. Cookies carry the session; every state change sends the session's CSRF token
 * (docs/console-contract.md "Auth"). Components never call them directly: they use the hooks in
 * queries.ts and the dashboard's `*-queries.ts` files.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { Admin, Expert } from './generated/console-api';
import type { paths as PublicPaths } from '@expert-handoff/sdk/openapi';
import type { Mode } from './dashboard-types';
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

const options = { baseUrl: window.location.origin, credentials: 'same-origin' } as const;

export const api = createClient<Expert.paths>(options);
api.use(csrf, sessionEnded);

/** Every dashboard request names its mode (the header a key's prefix stands for). */
const modeHeader = (mode: Mode): Middleware => ({
  onRequest({ request }) {
    request.headers.set('Service-Mode', mode);
    return request;
  },
});

function modeClient(mode: Mode) {
  const client = createClient<PublicPaths>(options);
  client.use(csrf, sessionEnded, modeHeader(mode));
  return client;
}

/** The partner API as a signed-in member reads it, one client per mode. */
export const publicApi = { test: modeClient('test'), live: modeClient('live') } as const;

/** The console routes that work per mode (API keys) take the same header. */
export const modeHeaders = (mode: Mode) => ({ 'Service-Mode': mode });

/** Operations' API as an operator signed in to the console calls it (contract §8). */
export const adminApi = createClient<Admin.paths>(options);
adminApi.use(csrf, sessionEnded);

/** The body of a successful answer, or an ApiError carrying the gateway's error code and message. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw toApiError(response, error);
  return data as T;
}
