import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { PartnerScope } from '@eh/delivery';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';

/** Whose endpoints, deliveries and events: the key's workspace and mode (or the member's choice). */
export const scopeOf = (auth: AuthenticatedKey): PartnerScope => ({ workspaceId: auth.workspaceId, mode: auth.mode });

/** The handler's parameter for `scopeOf` the request's key; only on routes behind ApiKeyGuard. */
export const KeyScope = createParamDecorator((_: unknown, context: ExecutionContext): PartnerScope => {
  const auth = context.switchToHttp().getRequest<FastifyRequest>().auth;
  if (!auth) throw new Error('KeyScope used on a route without ApiKeyGuard');
  return scopeOf(auth);
});

/** DI token of the secret cipher that seals new signing secrets and opens one at a reveal. */
export const SECRET_CIPHER = Symbol('SecretCipher');
