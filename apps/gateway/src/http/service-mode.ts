import { DomainError, type Actor, type KeyMode } from '@eh/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * A member signed in to the dashboard works in one mode at
 * a time and names it on every request, as a key's prefix does: the `Service-Mode` header, or for
 * the event streams (which `EventSource` opens without custom headers) the `mode` query parameter.
 */
export const SERVICE_MODE_HEADER = 'service-mode';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is acting: the key, the member or operator signed in, or operations' credential. */
    actor?: Actor;
  }
}

const isMode = (value: unknown): value is KeyMode => value === 'test' || value === 'live';

/** Routes whose mode may come in the query string: the live event streams. */
const takesModeInQuery = (request: FastifyRequest): boolean => /\/events\/stream$/.test(request.routeOptions.url ?? '');

/** The mode the request names, if any; malformed or contradictory values are 400 naming where they came from. */
export function namedMode(request: FastifyRequest): KeyMode | undefined {
  const header = request.headers[SERVICE_MODE_HEADER];
  if (Array.isArray(header)) throw new DomainError('invalid_request', 'Service-Mode may be given once', 'Service-Mode');
  if (header !== undefined && !isMode(header)) throw new DomainError('invalid_request', 'Service-Mode must be "test" or "live"', 'Service-Mode');
  const query = takesModeInQuery(request) ? (request.query as Record<string, unknown> | undefined)?.mode : undefined;
  if (query !== undefined && !isMode(query)) throw new DomainError('invalid_request', 'mode must be "test" or "live"', 'mode');
  if (header !== undefined && query !== undefined && header !== query)
    throw new DomainError('invalid_request', 'Service-Mode and mode disagree; send one', 'mode');
  return header ?? query;
}

/** A cookie request must name its mode. */
export function requiredMode(request: FastifyRequest): KeyMode {
  const mode = namedMode(request);
  if (!mode) throw new DomainError('invalid_request', 'send Service-Mode: test or live with every dashboard request', 'Service-Mode');
  return mode;
}

/** The actor of a route behind one of the guards that set it. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error('actorOf used on a route whose guard sets no actor');
  return request.actor;
}
