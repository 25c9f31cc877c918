import { DomainError, isId } from '@eh/contracts';
import type { KeyMode } from '@eh/contracts';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';

/** Who a partner's command acts for and when: the key's workspace, in its mode (test and live are separate), with the request's id and time. */
export const partnerRequestScope = (auth: AuthenticatedKey, request: FastifyRequest): { workspaceId: string; mode: KeyMode; requestId: string; now: Date } => ({
  workspaceId: auth.workspaceId,
  mode: auth.mode,
  requestId: String(request.id),
  now: new Date(),
});

/** An id that cannot be a deployment's names none: 404 like an unknown one, telling a partner what ids look like. */
export function checkPartnerDeploymentId(id: string): void {
  if (!isId('deployment', id)) throw new DomainError('not_found', `no deployment ${id}; deployment ids look like dep_01J…`, 'id');
}
