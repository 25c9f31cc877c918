import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { DomainError, OPERATIONS_ACTOR } from '@eh/contracts';
import type { ServiceConfig } from '@eh/platform';
import { hashApiKey, sameHash } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';
import { ConsoleSessions } from '../../identity/console-sessions';
import { sessionCookieOf } from '../../identity/session-cookie';
import { AuthFailureThrottle } from '../auth-throttle/auth-failure-throttle';
import { CONFIG } from '../tokens';
import { bearerToken } from './bearer-token';

/**
 * The operations API (/admin/v1) has its own credential, `ADMIN_API_KEY`, never a workspace
 * key. Without it configured the admin API refuses everything (bearer requests). Now an
 * operator signed in to the console uses it too: the session cookie when no Authorization header is
 * sent (CSRF on changes); a member's or an expert's session is 401.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    @Inject(CONFIG) private readonly config: ServiceConfig,
    @Inject(AuthFailureThrottle) private readonly throttle: AuthFailureThrottle,
    @Inject(ConsoleSessions) private readonly sessions: ConsoleSessions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.headers.authorization === undefined && sessionCookieOf(request) !== undefined) {
      const auth = await this.sessions.authenticateAny(request);
      if (!auth || auth.person.kind !== 'operator') throw new DomainError('authentication_failed', 'this console session is not an operator’s');
      const { operator } = auth.person;
      request.actor = { kind: 'operator', id: operator.operator_id, label: operator.email };
      return true;
    }
    request.actor = OPERATIONS_ACTOR;
    // Failures count against the client's address; a blocked address is refused first.
    return this.throttle.authenticate(request.ip, String(request.id), () => {
      const expected = this.config.adminKeyHash;
      if (!expected) throw new DomainError('authentication_failed', 'the admin API is disabled: start the gateway with ADMIN_API_KEY set');
      const token = bearerToken(request.headers.authorization);
      if (!token || !sameHash(hashApiKey(token), expected)) {
        throw new DomainError('authentication_failed', 'the admin credential is missing or wrong');
      }
      return true;
    });
  }
}
