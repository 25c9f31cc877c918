import { Inject, Injectable, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { DomainError, type ExpertRef } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import { authenticateExpert } from '@eh/routing';
import type { FastifyRequest } from 'fastify';
import { ConsoleSessions } from '../../identity/console-sessions';
import { AuthFailureThrottle } from '../auth-throttle/auth-failure-throttle';
import { SQL } from '../tokens';
import { bearerToken } from './bearer-token';
import { ExpertCredentialCache } from './credential-cache';

declare module 'fastify' {
  interface FastifyRequest {
    expert?: ExpertRef;
  }
}

/**
 * The expert API (`/expert/v1`) takes the expert's own credential, `Bearer svc_expert_…`,
 * never a workspace key or the admin credential (docs/decisions.md "Router").
 * A retired expert's credential stops working at once on the gateway that retired it, and
 * within AUTH_CACHE_MS on the others (the credential cache). The console's session cookie is
 * accepted too (when no Authorization header is sent).
 */
@Injectable()
export class ExpertGuard implements CanActivate {
  constructor(
    @Inject(SQL) private readonly sql: SqlClient,
    @Inject(AuthFailureThrottle) private readonly throttle: AuthFailureThrottle,
    @Inject(ConsoleSessions) private readonly sessions: ConsoleSessions,
    @Inject(ExpertCredentialCache) private readonly credentials: ExpertCredentialCache,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // Already authenticated before its body was read (the upload route: upload-admission.hook.ts).
    if (request.expert) return true;
    await this.authenticate(request);
    return true;
  }

  /** The request's expert, set on it; refuses as the guard does (401, 403 CSRF, 429 for a blocked address). */
  async authenticate(request: FastifyRequest): Promise<ExpertRef> {
    // Without a bearer credential, the console's session cookie (CSRF checked on changes).
    if (request.headers.authorization === undefined) {
      const viaCookie = await this.sessions.authenticate(request);
      if (viaCookie) {
        request.expert = viaCookie.expert;
        return viaCookie.expert;
      }
    }
    // Failures count against the client's address; a blocked address is refused first.
    const expert = await this.throttle.authenticate(request.ip, String(request.id), async () => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new DomainError('authentication_failed', 'send "Authorization: Bearer svc_expert_…" with your expert credential');
      const expert = await this.credentials.lookup(token, (presented) => authenticateExpert(this.sql, presented));
      if (!expert) throw new DomainError('authentication_failed', 'the expert credential is not valid, or the expert is retired');
      return expert;
    });
    request.expert = expert;
    return expert;
  }
}

/** The authenticated expert; only on routes behind ExpertGuard. */
export const CurrentExpert = createParamDecorator((_: unknown, context: ExecutionContext): ExpertRef => {
  const expert = context.switchToHttp().getRequest<FastifyRequest>().expert;
  if (!expert) throw new Error('CurrentExpert used on a route without ExpertGuard');
  return expert;
});
