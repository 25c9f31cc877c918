import type { FastifyInstance } from 'fastify';
import { apiErrorBody } from './api-error';

/** Node's own check, turned off on the gateway's server (`http: { requireHostHeader: false }`): this hook makes it instead. */
export const HTTP_SERVER_OPTIONS = { requireHostHeader: false } as const;

/**
 * HTTP/1.1 requires a Host header (RFC 9112 §3.2). Node refuses a request without one before
 * Fastify sees it, with an empty 400 outside the API's error shape and no Request-Id; this hook
 * refuses it in the shape instead (found by the API fuzz). Registered first among
 * `onRequest` hooks.
 */
export function registerHostHeaderCheck(fastify: FastifyInstance, publicBaseUrl: string): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersionMajor === 1 && request.raw.httpVersionMinor >= 1 && !request.headers.host) {
      return reply.code(400).send(apiErrorBody('invalid_request', 'the Host header is required (HTTP/1.1)', String(request.id), publicBaseUrl, 'Host'));
    }
  });
}
