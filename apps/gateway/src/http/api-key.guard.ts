import { Inject, Injectable, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { DomainError } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import { authenticateApiKey, type AuthenticatedKey } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';
import { AuthFailureThrottle } from './auth-throttle/auth-failure-throttle';
import { SQL } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthenticatedKey;
  }
}

/** SPEC.md "Authentication": `Authorization: Bearer <key>`; anything else is 401 `authentication_failed`. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    @Inject(SQL) private readonly sql: SqlClient,
    @Inject(AuthFailureThrottle) private readonly throttle: AuthFailureThrottle,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // Failures count against the client's address; a blocked address is refused first (issue 11).
    request.auth = await this.throttle.authenticate(request.ip, String(request.id), async () => {
      const header = request.headers.authorization;
      if (!header) throw new DomainError('authentication_failed', 'missing Authorization header; send "Authorization: Bearer <API key>"');
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) throw new DomainError('authentication_failed', 'the Authorization header must be "Bearer <API key>"');
      const key = await authenticateApiKey(this.sql, match[1]);
      if (!key) throw new DomainError('authentication_failed', 'the API key is not valid, or has been revoked');
      return key;
    });
    return true;
  }
}

/** The authenticated key of the request; only on routes behind ApiKeyGuard. */
export const Auth = createParamDecorator((_: unknown, context: ExecutionContext): AuthenticatedKey => {
  const auth = context.switchToHttp().getRequest<FastifyRequest>().auth;
  if (!auth) throw new Error('Auth used on a route without ApiKeyGuard');
  return auth;
});
