import { DomainError } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { MAX_JSON_DEPTH, tooDeepJsonPath } from './input-safety/unsafe-input.rules';

/** JSON is UTF-8 (RFC 8259); `fatal` makes a malformed byte an error instead of U+FFFD. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Fastify's JSON parser (with its prototype-poisoning guards), except that an empty body is
 * "no body": `POST /v1/deployments/:id/cancel` with `Content-Type: application/json` and nothing
 * else is a valid cancel, as it is at Stripe. Registered instead of Nest's own parser.
 */
export function registerJsonBodyParser(fastify: FastifyInstance, bodyLimit: number): void {
  const defaultJsonParser = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  // Bytes, not 'string': Fastify's string decoding turns invalid UTF-8 into U+FFFD and then
  // reports "Request body size did not match Content-Length", which is not what went wrong.
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new DomainError('invalid_request', 'the request body is not valid UTF-8'), undefined);
      return;
    }
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    const tooDeepAt = tooDeepJsonPath(text);
    if (tooDeepAt !== null) {
      // The same words and field as the check on the parsed body (refuse-unsafe-input.hook.ts).
      done(
        new DomainError('invalid_request', `the request body is nested more than ${MAX_JSON_DEPTH} levels deep (at ${tooDeepAt})`, tooDeepAt || undefined),
        undefined,
      );
      return;
    }
    defaultJsonParser(request, text, done);
  });
}
