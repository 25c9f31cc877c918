import { Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotencyStore } from './idempotency.store';

/** Headers that describe this one exchange, not the answer: a replay gets its own. */
const PER_EXCHANGE = /^(request-id|x-ratelimit-.*|retry-after|content-length|date|connection|keep-alive|transfer-encoding)$/i;

export function storableHeaders(headers: Record<string, string | number | string[] | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_EXCHANGE.test(name)) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return kept;
}

/**
 * Fastify `onSend` hook: stores the answer of a request that won its Idempotency-Key slot, as it
 * is sent (after the exception filter, so errors are stored as the client sees them). Awaited
 * before sending, so a client that retries after reading the answer always finds it. A 5xx frees
 * the slot instead: the failure was ours and a retry should run again.
 */
export function recordIdempotentOutcome(store: IdempotencyStore, logger = new Logger('Idempotency')) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = undefined;
    const body =
      payload === null || payload === undefined ? '' : typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    try {
      // A stream (body null) cannot be kept for a replay: free the slot rather than store half an answer.
      if (reply.statusCode >= 500 || body === null) await store.release(claim);
      else if (!(await store.complete(claim, { status: reply.statusCode, headers: answerHeaders(request, reply), body }))) {
        logger.warn(`${request.id}: the Idempotency-Key slot was taken over before this answer was stored`);
      }
    } catch (error) {
      // The answer still goes out; the slot stays running until its lease lapses, then a retry takes it over.
      logger.error(`${request.id}: storing the idempotent answer failed`, error instanceof Error ? error.stack : String(error));
    }
    return payload;
  };
}

/**
 * The versioning hook echoes Service-Version after this one runs; keep the version the body was
 * rendered in, so a replay names it (the interceptor hands it back to that hook).
 */
function answerHeaders(request: FastifyRequest, reply: FastifyReply): Record<string, string> {
  const headers = storableHeaders(reply.getHeaders());
  if (request.serviceVersion && headers['service-version'] === undefined) headers['service-version'] = request.serviceVersion;
  return headers;
}
