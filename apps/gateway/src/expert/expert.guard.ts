import { Inject, Injectable, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { DomainError, type ExpertRef } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import { authenticateExpert } from '@eh/roster';
import type { FastifyRequest } from 'fastify';
import { SQL } from '../http/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    expert?: ExpertRef;
  }
}

/**
 * The expert API (`/expert/v1`) takes the expert's own credential, `Bearer svc_expert_…`,
 * never a workspace key or the admin credential (docs/decisions.md "Router (issue 5)").
 * A retired expert's credential stops working at once.
 */
@Injectable()
export class ExpertGuard implements CanActivate {
  constructor(@Inject(SQL) private readonly sql: SqlClient) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match) throw new DomainError('authentication_failed', 'send "Authorization: Bearer svc_expert_…" with your expert credential');
    const expert = await authenticateExpert(this.sql, match[1]);
    if (!expert) throw new DomainError('authentication_failed', 'the expert credential is not valid, or the expert is retired');
    request.expert = expert;
    return true;
  }
}

/** The authenticated expert; only on routes behind ExpertGuard. */
export const CurrentExpert = createParamDecorator((_: unknown, context: ExecutionContext): ExpertRef => {
  const expert = context.switchToHttp().getRequest<FastifyRequest>().expert;
  if (!expert) throw new Error('CurrentExpert used on a route without ExpertGuard');
  return expert;
});
