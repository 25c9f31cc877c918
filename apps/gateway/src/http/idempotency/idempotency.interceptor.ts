import { Inject, Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { DomainError, RetryAfterError } from '@eh/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { of, type Observable } from 'rxjs';
import { IDEMPOTENCY_KEY_HEADER, parseIdempotencyKey, requestHash } from './idempotency-key.rules';
import { idempotencyScopeOf } from './idempotency-scope';
import { IdempotencyStore, type IdempotencyClaim, type StoredResponse } from './idempotency.store';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request won its Idempotency-Key slot; the onSend hook stores its answer. */
    idempotency?: IdempotencyClaim;
  }
}

export const REPLAYED_HEADER = 'Idempotent-Replayed';
const PURGE_EVERY_MS = 60_000;

/**
 * Every POST accepts `Idempotency-Key`. An interceptor, not a Fastify hook,
 * because it must run after ApiKeyGuard (guards run before interceptors) to know the workspace
 * (or, on /admin/v1, the operator); unauthenticated requests never reach it and are never cached.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');
  private lastPurgeMs = 0;

  constructor(@Inject(IdempotencyStore) private readonly store: IdempotencyStore) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const joined = request.headers['idempotency-key'];
    if (request.method !== 'POST' || joined === undefined) return next.handle();
    const scope = idempotencyScopeOf(request);
    if (!scope) return next.handle();
    // Each header line apart: Node joins repeated `Idempotency-Key` headers into "a1, a2", which
    // would pass for one key; sent twice, it is refused. Injected requests (tests)
    // have no `headersDistinct`.
    const key = parseIdempotencyKey(request.raw.headersDistinct?.['idempotency-key'] ?? joined);
    // The route pattern, not the URL: `POST /v1/deployments/:id/cancel` is one slot family.
    const route = `POST ${request.routeOptions.url}`;
    const outcome = await this.store.claim(scope.owner, route, key, requestHash(request.body, scope.context, (request.params ?? {}) as Record<string, string>));
    switch (outcome.kind) {
      case 'won':
        request.idempotency = outcome.claim;
        this.purgeNowAndThen();
        return next.handle();
      case 'replay':
        // The body was rendered in the first request's version; the versioning hook echoes this.
        if (outcome.response.headers['service-version']) request.serviceVersion = outcome.response.headers['service-version'];
        return of(replay(context.switchToHttp().getResponse<FastifyReply>(), outcome.response));
      case 'different_body':
        throw new DomainError(
          'idempotency_conflict',
          `this ${IDEMPOTENCY_KEY_HEADER} was already used on ${route} with a different request body or for another resource in the path; resend the first request, or use a new key for a new request`,
          IDEMPOTENCY_KEY_HEADER,
        );
      case 'in_progress':
        // docs/decisions.md: a second request while the first still runs is told to retry.
        throw new RetryAfterError(
          'idempotency_conflict',
          `a request with this ${IDEMPOTENCY_KEY_HEADER} is still in progress; retry shortly to receive its response`,
          1,
        );
    }
  }

  /** Expired slots are already ignored; deleting them now and then only keeps the table small. */
  private purgeNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastPurgeMs < PURGE_EVERY_MS) return;
    this.lastPurgeMs = now;
    this.store.purgeExpired().catch((error: unknown) => this.logger.warn(`purging expired idempotency keys failed: ${String(error)}`));
  }
}

/** The first answer exactly: status, headers and body bytes, marked as a replay. */
function replay(reply: FastifyReply, response: StoredResponse): string {
  void reply.status(response.status);
  for (const [name, value] of Object.entries(response.headers)) void reply.header(name, value);
  void reply.header(REPLAYED_HEADER, 'true');
  // A string with a JSON content type is sent as is by Fastify, not serialized again.
  return response.body;
}
