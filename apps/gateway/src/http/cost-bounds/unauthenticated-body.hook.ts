import { DomainError } from '@eh/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionCookieOf } from '../../identity/session-cookie';
import type { AuthFailureThrottle } from '../auth-throttle/auth-failure-throttle';
import { bearerToken } from '../guards/bearer-token';
import { closeAfterReply, declaredBodyLength, hasBody } from './close-after-reply';

/** Every route under these needs a credential (an API key, the admin key, an expert's, or the console session). */
const GUARDED_PATHS = ['/v1/', '/expert/v1/', '/admin/v1/', '/a2a/v1'];
const METHODS_WITH_BODIES = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The guards run after the body is parsed, so a stranger could make the gateway read up to the
 * 1 MiB JSON limit on every request before being told to authenticate. A first, cheap line:
 * a request on a guarded route that carries no credential at all (no `Authorization: Bearer …`
 * header, no session cookie) and a body larger than `maxBytes` (or of unknown length) is
 * refused 401 at once, without reading the body, and counted as a failed authentication of its
 * address as the guards count it (so a blocked address gets the guards' 429). A wrong credential is still
 * the guards' to judge, after a body bounded by the JSON limit and the request timeout.
 */
export function registerUnauthenticatedBodyCheck(fastify: FastifyInstance, deps: { throttle: AuthFailureThrottle; maxBytes: number }): void {
  fastify.addHook('onRequest', async (request) => {
    if (!METHODS_WITH_BODIES.has(request.method) || !hasBody(request) || !isGuarded(request)) return;
    if (carriesCredential(request)) return;
    const length = declaredBodyLength(request);
    if (length !== null && length <= deps.maxBytes) return;
    closeAfterReply(request);
    await deps.throttle.authenticate(request.ip, String(request.id), () => {
      throw new DomainError(
        'authentication_failed',
        `send your credential (Authorization: Bearer …, or the console session cookie): a request without one may carry at most ${deps.maxBytes} bytes of body`,
      );
    });
  });
}

/** As the guards read it: a Bearer header (whatever its key), else the session cookie; a header of another shape is no credential. */
function carriesCredential(request: FastifyRequest): boolean {
  const header = request.headers.authorization;
  if (header !== undefined) return bearerToken(header) !== undefined;
  return sessionCookieOf(request) !== undefined;
}

function isGuarded(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  return GUARDED_PATHS.some((prefix) => path.startsWith(prefix));
}
