import type { FastifyInstance } from 'fastify';

/**
 * Fastify's JSON parser (with its prototype-poisoning guards), except that an empty body is
 * "no body": `POST /v1/deployments/:id/cancel` with `Content-Type: application/json` and nothing
 * else is a valid cancel, as it is at Stripe. Registered instead of Nest's own parser.
 */
export function registerJsonBodyParser(fastify: FastifyInstance, bodyLimit: number): void {
  const defaultJsonParser = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    defaultJsonParser(request, text, done);
  });
}
