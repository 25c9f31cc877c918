import type { FastifyRequest } from 'fastify';

/** Whose Idempotency-Key slots a request uses, and the part of its context that belongs in the request's hash. */
export interface IdempotencyScope {
  owner: string;
  context: string;
}

const ADMIN_ROUTE = /^\/admin\/v1\//;

/**
 * A workspace's key or member: the workspace's slots, hashed with the mode.
 * Operations' creates (credit grants, invitations, experts, replays) take the key too,
 * so the console can retry them safely; their slots are the admin credential's, or each
 * operator's own (`operator:<op_id>`), kept apart from every workspace's by the prefix.
 * Anything else (experts, unauthenticated requests) has no slots.
 */
export function idempotencyScopeOf(request: FastifyRequest): IdempotencyScope | null {
  if (request.auth) return { owner: request.auth.workspaceId, context: request.auth.mode };
  if (!ADMIN_ROUTE.test(request.routeOptions.url ?? '') || !request.actor) return null;
  if (request.actor.kind === 'operator' && request.actor.id) return { owner: `operator:${request.actor.id}`, context: 'admin' };
  if (request.actor.kind === 'admin') return { owner: 'admin', context: 'admin' };
  return null;
}
