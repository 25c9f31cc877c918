import { validateHeaderName, validateHeaderValue } from 'node:http';
import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorBody } from '../api-error';

/**
 * Why Fastify could not write this answer, or null when it can. Fastify checks the payload and
 * the headers only after the last async `onSend` hook, in a promise callback where a throw is
 * nobody's to catch: it ends the process (`/docs/errors/nope` sent an object on a
 * `text/html` reply). Checked here instead, where it can still be answered.
 */
export function unsendableReason(payload: unknown, headers: Record<string, unknown>): string | null {
  const sendable =
    payload === null ||
    payload === undefined ||
    typeof payload === 'string' ||
    Buffer.isBuffer(payload) ||
    (typeof payload === 'object' &&
      (typeof (payload as { pipe?: unknown }).pipe === 'function' || typeof (payload as { getReader?: unknown }).getReader === 'function'));
  if (!sendable) return `a payload of type ${typeof payload} with Content-Type ${String(headers['content-type'])}`;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    try {
      validateHeaderName(name);
      for (const item of Array.isArray(value) ? value : [value]) validateHeaderValue(name, item);
    } catch (error) {
      return `header ${JSON.stringify(name)}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return null;
}

/**
 * The last `onSend` hook: an answer Fastify could not write becomes a logged 500 in the API's
 * error shape, instead of a crash. Register it after every other `onSend` hook.
 */
export function registerReplySafety(fastify: FastifyInstance, publicBaseUrl: string, logger = new Logger('ReplySafety')): void {
  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.raw.headersSent) return payload;
    const reason = unsendableReason(payload, reply.getHeaders());
    if (reason === null) return payload;
    logger.error(`${request.id} ${request.method} ${request.url}: answered 500 instead of an unsendable reply (${reason}, status ${reply.statusCode})`);
    // Only what this service always sends survives: an invalid header may be any of the others.
    for (const name of Object.keys(reply.getHeaders())) {
      if (!/^(request-id|service-version|x-ratelimit-.*)$/i.test(name)) reply.removeHeader(name);
    }
    void reply.code(500).header('Content-Type', 'application/json; charset=utf-8').header('Cache-Control', 'no-store');
    return JSON.stringify(
      apiErrorBody('internal_error', 'an unexpected error occurred; quote request_id when reporting it', String(request.id), publicBaseUrl),
    );
  });
}
