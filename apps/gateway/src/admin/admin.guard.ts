import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { DomainError } from '@eh/contracts';
import type { ServiceConfig } from '@eh/platform';
import { hashApiKey, sameHash } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';
import { AuthFailureThrottle } from '../http/auth-throttle/auth-failure-throttle';
import { CONFIG } from '../http/tokens';

/**
 * The operations API (/admin/v1) has its own credential, `ADMIN_API_KEY`, never a workspace
 * key. Without it configured the admin API refuses everything.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    @Inject(CONFIG) private readonly config: ServiceConfig,
    @Inject(AuthFailureThrottle) private readonly throttle: AuthFailureThrottle,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // Failures count against the client's address; a blocked address is refused first (issue 11).
    return this.throttle.authenticate(request.ip, String(request.id), () => {
      const expected = this.config.adminKeyHash;
      if (!expected) throw new DomainError('authentication_failed', 'the admin API is disabled: start the gateway with ADMIN_API_KEY set');
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      if (!match || !sameHash(hashApiKey(match[1]), expected)) {
        throw new DomainError('authentication_failed', 'the admin credential is missing or wrong');
      }
      return true;
    });
  }
}
