import { Controller, Get, Inject, Req, UseGuards } from '@nestjs/common';
import { AUDIT_ACTIONS, listAuditLog, type AuditEntry } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';
import { listEnvelope, type ListEnvelope } from '../http/list-envelope';
import { decodePositionCursor, encodePositionCursor, invalidQuery, parseLimit, refuseUnknownParameters, singleParameter } from '../http/list-query.rules';
import { MemberGuard, memberOf, OwnerOnly } from '../http/guards/member.guard';
import { WorkspacePeople } from './workspace-people.service';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import { listAuditLogOperation } from './audit-log.openapi';

/**
 * The audit log (docs/dashboard-contract.md §7): who changed keys, endpoints, secrets,
 * members, plan and credits, newest first. Owners only: it names every member.
 */
@Controller('console/api/v1/audit_log')
@UseGuards(MemberGuard)
@OwnerOnly()
export class AuditLogController {
  constructor(@Inject(WorkspacePeople) private readonly people: WorkspacePeople) {}

  @ExpertOperation(listAuditLogOperation)
  @Get()
  async list(@Req() request: FastifyRequest): Promise<ListEnvelope<AuditEntry>> {
    const query = request.query as Record<string, unknown>;
    refuseUnknownParameters(query, ['limit', 'cursor', 'action']);
    const limit = parseLimit(singleParameter(query, 'limit') ?? '50');
    const cursor = singleParameter(query, 'cursor');
    const action = singleParameter(query, 'action');
    if (action !== undefined && !AUDIT_ACTIONS.has(action)) throw invalidQuery('action', `action "${action.slice(0, 60)}" is not one the audit log records`);
    const before = cursor === undefined ? undefined : Number(decodePositionCursor(cursor, (value) => /^\d{1,18}$/.test(value)));
    const page = await listAuditLog(this.people.sql, memberOf(request).workspace_id, { limit, before, action });
    return listEnvelope(page.entries, page.more && page.last !== null ? encodePositionCursor(String(page.last)) : null);
  }
}
