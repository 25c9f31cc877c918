import type { FastifyInstance } from 'fastify';
import { apiErrorBody } from '../api-error';
import { latestVersion, resolveVersion, type VersionCatalog } from './version-catalog';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API version this request is answered in. */
    serviceVersion?: string;
  }
}

export const SERVICE_VERSION_HEADER = 'Service-Version';

/** Versioning covers the public API only, not health probes or the error docs pages. */
const isVersionedPath = (url: string): boolean => /^\/v1(?:[/?]|$)/.test(url);

/**
 * Fastify hooks rather than Nest middleware: `onRequest` runs before guards and for unknown
 * routes too, and `onSend` for every reply, so every /v1 response (401s, 404s and other errors
 * included) names the version it was answered in.
 */
export function registerServiceVersionHooks(fastify: FastifyInstance, catalog: VersionCatalog, publicBaseUrl: string): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (!isVersionedPath(request.url)) return;
    const resolved = resolveVersion(catalog, request.headers['service-version']);
    if (resolved.ok) {
      request.serviceVersion = resolved.version;
      return;
    }
    // A refused version is answered in the latest shape, and the header says so.
    request.serviceVersion = latestVersion(catalog);
    return reply.code(400).send(apiErrorBody('invalid_request', resolved.message, String(request.id), publicBaseUrl, SERVICE_VERSION_HEADER));
  });
  fastify.addHook('onSend', async (request, reply) => {
    if (request.serviceVersion) void reply.header(SERVICE_VERSION_HEADER, request.serviceVersion);
  });
}
