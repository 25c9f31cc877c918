import { DomainError } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { findUnsafeInput } from './unsafe-input.rules';

/**
 * One check over every request's parsed body, query string and path parameters, on every route
 * (public, admin, expert, unknown ones), before guards, pipes and class-transformer run: a NUL,
 * an unpaired surrogate or too deep a body is 400 `invalid_request` naming the field, never a
 * 500 from PostgreSQL or a stack overflow. `preValidation` runs after body parsing.
 */
export function registerUnsafeInputCheck(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request) => {
    const found =
      findUnsafeInput(request.params ?? {}, '', 0, 'the URL path') ??
      findUnsafeInput(request.query ?? {}, '', 0, 'the query string') ??
      (request.body === undefined ? null : findUnsafeInput(request.body));
    if (found) throw new DomainError('invalid_request', found.message, found.path || undefined);
  });
}
