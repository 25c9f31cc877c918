import { Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { DomainError, isId, type LimitRequestOutcome } from '@eh/contracts';
import type { MemberAccount } from '@eh/identity';
import { findUsage, ledgerPolicy } from '@eh/ledger';
import { listLimitRequests, requestLimitIncrease, resolveLimitRequest, type LimitRequestResource } from '@eh/workspaces';
import { IsIn, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import { listEnvelope, type ListEnvelope } from '../http/list-envelope';
import { invalidQuery, refuseUnknownParameters, singleParameter, NoQueryParameters } from '../http/list-query.rules';
import { CommandFrom, type CommandOrigin } from '../http/command-origin';
import { ValidBody } from '../http/validated-body.pipe';
import { CurrentMember, OwnerOnly } from '../http/guards/member.guard';
import { WorkspacePeople } from './workspace-people.service';
import { AdminOperation, ExpertOperation } from '../docs/openapi/operation.decorators';
import { createLimitRequestOperation, listLimitRequestsOperation, listOperation, resolveOperation } from './limit-requests.openapi';
import { AdminController, MemberController } from '../http/guards/audience-controllers';
import { ActionRoute } from '../http/action-route';

export class CreateLimitRequestDto {
  @IsInt()
  in_flight_limit!: number;

  @IsString()
  @MaxLength(1000)
  reason!: string;
}

export class ResolveLimitRequestDto {
  @IsString()
  @IsIn(['granted', 'declined'])
  outcome!: string;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  note?: string;
}

/**
 * Raising the in-flight limit, which is raised through the dashboard: an owner asks,
 * the request reaches operations as an event and in their list.
 */
@MemberController('console/api/v1/limit_requests')
export class LimitRequestsController {
  constructor(@Inject(WorkspacePeople) private readonly people: WorkspacePeople) {}

  @ExpertOperation(listLimitRequestsOperation)
  @Get()
  async list(@Query(NoQueryParameters) _query: object, @CurrentMember() member: MemberAccount): Promise<ListEnvelope<LimitRequestResource>> {
    return listEnvelope(await listLimitRequests(this.people.sql, { workspaceId: member.workspace_id }), null);
  }

  @ExpertOperation(createLimitRequestOperation)
  @Post()
  @HttpCode(201)
  @OwnerOnly()
  async create(
    @ValidBody(CreateLimitRequestDto) body: CreateLimitRequestDto,
    @CurrentMember() member: MemberAccount,
    @CommandFrom() from: CommandOrigin,
  ): Promise<LimitRequestResource> {
    const usage = await findUsage(this.people.sql, member.workspace_id, new Date());
    const current = usage?.plan.in_flight_limit ?? ledgerPolicy(this.people.config.ledger).standardPlan.in_flight_limit;
    return requestLimitIncrease(this.people.store, {
      workspaceId: member.workspace_id,
      currentInFlightLimit: current,
      requestedInFlightLimit: body.in_flight_limit,
      reason: body.reason,
      ...from,
    });
  }
}

const STATUSES = ['open', 'granted', 'declined'];

/** Operations' side: every workspace's requests, and their answer (granting records it; the plan API changes the limit). */
@AdminController('admin/v1/limit_requests')
export class AdminLimitRequestsController {
  constructor(@Inject(WorkspacePeople) private readonly people: WorkspacePeople) {}

  @AdminOperation(listOperation)
  @Get()
  async list(@Req() request: FastifyRequest): Promise<ListEnvelope<LimitRequestResource>> {
    const query = request.query as Record<string, unknown>;
    refuseUnknownParameters(query, ['status', 'workspace_id']);
    const status = singleParameter(query, 'status');
    if (status !== undefined && !STATUSES.includes(status)) throw invalidQuery('status', `status must be one of: ${STATUSES.join(', ')}`);
    return listEnvelope(await listLimitRequests(this.people.sql, { status, workspaceId: singleParameter(query, 'workspace_id') }), null);
  }

  @ActionRoute(AdminOperation(resolveOperation), ':id/resolve')
  async resolve(
    @Param('id') id: string,
    @ValidBody(ResolveLimitRequestDto) body: ResolveLimitRequestDto,
    @CommandFrom() from: CommandOrigin,
  ): Promise<LimitRequestResource> {
    if (!isId('limitRequest', id)) throw new DomainError('not_found', `no limit request ${id}`, 'id');
    const resolved = await resolveLimitRequest(this.people.store, {
      requestId: id,
      outcome: body.outcome as LimitRequestOutcome,
      note: body.note ?? '',
      ...from,
    });
    if (!resolved) throw new DomainError('not_found', `no limit request ${id}`, 'id');
    return resolved;
  }
}
