import { Get, Inject, Req } from '@nestjs/common';
import type { AuditEntry } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';
import type { ListEnvelope } from '../http/list-envelope';
import { memberOf, OwnerOnly } from '../http/guards/member.guard';
import { auditLogPage, parseAuditLogQuery } from './audit-log.query';
import { WorkspacePeople } from './workspace-people.service';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import { listAuditLogOperation } from './audit-log.openapi';
import { MemberController } from '../http/guards/audience-controllers';

/**
 * The audit log (docs/dashboard-contract.md §7): who changed keys, endpoints, secrets,
 * members, plan and credits, newest first. Owners only: it names every member.
 */
@MemberController('console/api/v1/audit_log')
@OwnerOnly()
export class AuditLogController {
  constructor(@Inject(WorkspacePeople) private readonly people: WorkspacePeople) {}

  @ExpertOperation(listAuditLogOperation)
  @Get()
  async list(@Req() request: FastifyRequest): Promise<ListEnvelope<AuditEntry>> {
    return auditLogPage(this.people.sql, memberOf(request).workspace_id, parseAuditLogQuery(request.query as Record<string, unknown>));
  }
}
