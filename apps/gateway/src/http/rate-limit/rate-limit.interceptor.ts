import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { RetryAfterError } from '@eh/contracts';
import { rateLimitHeaders } from './rate-limit.rules';
import { RedisRateLimiter } from './redis-rate-limiter.adapter';

/**
 * 1,000 requests per rolling minute per API key (RATE_LIMIT_PER_MINUTE). Runs after ApiKeyGuard (to
 * know the key) and before the idempotency interceptor, so a refused request claims nothing.
 * Headers are set before the handler runs, so error answers carry them too.
 */
@Injectable()
export class RateLimitInterceptor implements NestInterceptor {
  constructor(@Inject(RedisRateLimiter) private readonly limiter: RedisRateLimiter) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!request.auth) return next.handle();
    const verdict = await this.limiter.hit(request.auth.keyId, String(request.id));
    if (!verdict) return next.handle();
    void context.switchToHttp().getResponse<FastifyReply>().headers(rateLimitHeaders(verdict));
    if (!verdict.allowed) {
      throw new RetryAfterError(
        'rate_limited',
        `this API key sent more than ${verdict.limit} requests in the last minute; retry after ${verdict.retryAfterSeconds} s`,
        verdict.retryAfterSeconds,
      );
    }
    return next.handle();
  }
}
