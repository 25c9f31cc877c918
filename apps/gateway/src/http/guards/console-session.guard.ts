import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { DomainError } from '@eh/contracts';
import type { FastifyRequest } from 'fastify';
import { ConsoleSessions } from '../../identity/console-sessions';

/**
 * The console's own session routes: the cookie only (a bearer credential has no session to show or
 * end). Now any person's: an expert, a workspace member or an operator.
 */
@Injectable()
export class ConsoleSessionGuard implements CanActivate {
  constructor(@Inject(ConsoleSessions) private readonly sessions: ConsoleSessions) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!(await this.sessions.authenticateAny(request))) throw new DomainError('authentication_failed', 'not signed in to the console: no session cookie');
    return true;
  }
}
