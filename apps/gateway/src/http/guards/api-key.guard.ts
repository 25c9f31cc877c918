import { Inject, Injectable, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { DomainError } from '@eh/contracts';
import { addLogContext, type SqlClient } from '@eh/platform';
import { authenticateApiKey, KeyUsageRecorder, type AuthenticatedKey } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';
import { ConsoleSessions } from '../../identity/console-sessions';
import { sessionCookieOf } from '../../identity/session-cookie';
import { ApiKeyCache } from './credential-cache';
import { bearerToken } from './bearer-token';
import { AuthFailureThrottle } from '../auth-throttle/auth-failure-throttle';
import { namedMode, requiredMode } from '../service-mode';
import { SQL } from '../tokens';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthenticatedKey;
  }
}

/**
 * Authentication is `Authorization: Bearer <key>`; anything else is 401 `authentication_failed`.
 * Without an Authorization header, a workspace member's console session (cookie, CSRF on
 * changes) with the mode in `Service-Mode` acts as the workspace's key of that mode, so the
 * dashboard calls the same /v1 routes through the same typed client.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    @Inject(SQL) private readonly sql: SqlClient,
    @Inject(AuthFailureThrottle) private readonly throttle: AuthFailureThrottle,
    @Inject(ConsoleSessions) private readonly sessions: ConsoleSessions,
    @Inject(ApiKeyCache) private readonly keys: ApiKeyCache,
    @Inject(KeyUsageRecorder) private readonly usage: KeyUsageRecorder,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.headers.authorization === undefined && sessionCookieOf(request) !== undefined) return this.viaSession(request);
    // Failures count against the client's address; a blocked address is refused first.
    request.auth = await this.throttle.authenticate(request.ip, String(request.id), async () => {
      const header = request.headers.authorization;
      if (!header) throw new DomainError('authentication_failed', 'missing Authorization header; send "Authorization: Bearer <API key>"');
      const token = bearerToken(header);
      if (!token) throw new DomainError('authentication_failed', 'the Authorization header must be "Bearer <API key>"');
      const key = await this.keys.lookup(token, (presented) => authenticateApiKey(this.sql, presented));
      if (!key) throw new DomainError('authentication_failed', 'the API key is not valid, or has been revoked');
      return key;
    });
    // A key fixes its mode; a Service-Mode naming the other one is a mistake worth telling.
    const mode = namedMode(request);
    if (mode !== undefined && mode !== request.auth.mode)
      throw new DomainError('invalid_request', `this is a ${request.auth.mode} key; Service-Mode says ${mode}`, 'Service-Mode');
    request.actor = { kind: 'api_key', id: request.auth.keyId, label: request.auth.label ?? request.auth.keyId };
    addLogContext({ workspace_id: request.auth.workspaceId });
    this.usage.touch(request.auth.keyId, new Date());
    return true;
  }

  private async viaSession(request: FastifyRequest): Promise<boolean> {
    const auth = await this.sessions.authenticateAny(request);
    if (!auth || auth.person.kind !== 'member')
      throw new DomainError('authentication_failed', 'this console session is not a workspace member’s; send a workspace API key');
    const { member } = auth.person;
    // Rate-limited per member, both modes together (the window key is not a key id, so it never collides).
    request.auth = { workspaceId: member.workspace_id, mode: requiredMode(request), keyId: `member:${member.member_id}`, label: member.email };
    request.actor = { kind: 'member', id: member.member_id, label: member.email };
    addLogContext({ workspace_id: member.workspace_id });
    return true;
  }
}

/** The authenticated key of the request; only on routes behind ApiKeyGuard. */
export const Auth = createParamDecorator((_: unknown, context: ExecutionContext): AuthenticatedKey => {
  const auth = context.switchToHttp().getRequest<FastifyRequest>().auth;
  if (!auth) throw new Error('Auth used on a route without ApiKeyGuard');
  return auth;
});
