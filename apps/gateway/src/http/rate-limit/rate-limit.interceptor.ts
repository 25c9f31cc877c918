import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { RetryAfterError } from '@eh/contracts';
import { rateLimitHeaders, tighterVerdict } from './rate-limit.rules';
import { RedisRateLimiter } from './redis-rate-limiter.adapter';
import { WORKSPACE_RATE_LIMITER, workspaceWindow } from './workspace-rate-limiter';

/**
 * 1,000 requests per rolling minute per API key (RATE_LIMIT_PER_MINUTE), and ten times that for all
 * of a workspace's keys of one mode together (RATE_LIMIT_PER_WORKSPACE_PER_MINUTE): a workspace may
 * hold twenty keys a mode and rotate them at will, so a bound per key alone does not bound a tenant.
 * Runs after ApiKeyGuard (to know the key) and before the idempotency interceptor, so a refused
 * request claims nothing. Headers are set before the handler runs, so error answers carry them too.
 *
 * The key is counted first and the workspace only for a request its key allowed, so a key past its
 * own limit costs its workspace nothing; a request the workspace refuses stays counted against its
 * key (both are the same tenant's budget, and giving a leased permit back is not worth a trip).
 */
@Injectable()
export class RateLimitInterceptor implements NestInterceptor {
  constructor(
    @Inject(RedisRateLimiter) private readonly limiter: RedisRateLimiter,
    @Inject(WORKSPACE_RATE_LIMITER) private readonly workspaceLimiter: RedisRateLimiter | null,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!request.auth) return next.handle();
    const { auth } = request;
    const keyVerdict = await this.limiter.hit(auth.keyId, String(request.id));
    if (!keyVerdict) return next.handle();
    const workspaceVerdict =
      keyVerdict.allowed && this.workspaceLimiter ? await this.workspaceLimiter.hit(workspaceWindow(auth.workspaceId, auth.mode), String(request.id)) : null;
    const verdict = tighterVerdict(keyVerdict, workspaceVerdict);
    void context.switchToHttp().getResponse<FastifyReply>().headers(rateLimitHeaders(verdict));
    if (!verdict.allowed) {
      const who = verdict === keyVerdict ? 'this API key' : `this workspace's ${auth.mode} keys together`;
      throw new RetryAfterError(
        'rate_limited',
        `${who} sent more than ${verdict.limit} requests in the last minute; retry after ${verdict.retryAfterSeconds} s`,
        verdict.retryAfterSeconds,
      );
    }
    return next.handle();
  }
}
