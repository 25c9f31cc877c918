import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { DomainError, isId } from '@eh/contracts';
import type { KeyMode } from '@eh/contracts';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';

/** Who a partner's command acts for and when: the key's workspace, in its mode (test and live are separate), with the request's id and time. */
export interface PartnerCommandScope {
  workspaceId: string;
  mode: KeyMode;
  requestId: string;
  now: Date;
}

export const partnerRequestScope = (auth: AuthenticatedKey, request: FastifyRequest): PartnerCommandScope => ({
  workspaceId: auth.workspaceId,
  mode: auth.mode,
  requestId: String(request.id),
  now: new Date(),
});

/** The handler's parameter for its command's scope (see `partnerRequestScope`); only on routes behind ApiKeyGuard. */
export const CommandScope = createParamDecorator((_: unknown, context: ExecutionContext): PartnerCommandScope => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  if (!request.auth) throw new Error('CommandScope used on a route without ApiKeyGuard');
  return partnerRequestScope(request.auth, request);
});

/** An id that cannot be a deployment's names none: 404 like an unknown one, telling a partner what ids look like. */
export function checkPartnerDeploymentId(id: string): void {
  if (!isId('deployment', id)) throw new DomainError('not_found', `no deployment ${id}; deployment ids look like dep_01J…`, 'id');
}
