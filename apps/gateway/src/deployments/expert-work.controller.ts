import { Get, Inject, Param, Query } from '@nestjs/common';
import { DomainError, isId, type ExpertRef } from '@eh/contracts';
import { earlierWorkFor, viewAsExpert } from '@eh/deployments';
import { assignmentsFor, findExpert, openOffersFor, toExpertSelfEntry, type ExpertSelfEntry } from '@eh/routing';
import { CurrentExpert } from '../http/guards/expert.guard';
import { GatewayPorts } from '../http/gateway-ports';
import { withMemory, type ExpertDeploymentWithMemory } from './expert-memory.reader';
import { withEstimate, type ExpertWorkItemWithEstimate } from './expert-offer-estimate';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import { getDeploymentOperation, getMeOperation, listAssignmentsOperation, listOffersOperation } from './expert-work.openapi';
import { ExpertController } from '../http/guards/audience-controllers';

/** What an expert reads: their open offers, their assignments, and one deployment of theirs. */
@ExpertController('expert/v1')
export class ExpertWorkController {
  constructor(@Inject(GatewayPorts) private readonly ports: GatewayPorts) {}

  /** The expert's roster entry (availability and rate included: the console's header and charge proposal). */
  @ExpertOperation(getMeOperation)
  @Get('me')
  async me(@CurrentExpert() expert: ExpertRef): Promise<ExpertSelfEntry> {
    const entry = await findExpert(this.ports.sql, expert.id);
    if (!entry || entry.retired) throw new DomainError('authentication_failed', 'the expert is retired');
    return toExpertSelfEntry(entry);
  }

  @ExpertOperation(listOffersOperation)
  @Get('offers')
  async offers(@CurrentExpert() expert: ExpertRef): Promise<{ data: ExpertWorkItemWithEstimate[] }> {
    const [offers, entry] = await Promise.all([openOffersFor(this.ports.sql, expert.id), findExpert(this.ports.sql, expert.id)]);
    return { data: withEstimate(offers, entry) };
  }

  /** Active assignments (accepted, in_progress, needs_input); `?status=all` adds finished ones. */
  @ExpertOperation(listAssignmentsOperation)
  @Get('assignments')
  async assignments(@CurrentExpert() expert: ExpertRef, @Query('status') status?: string): Promise<{ data: ExpertWorkItemWithEstimate[] }> {
    if (status !== undefined && status !== 'all' && status !== 'active') throw new DomainError('invalid_request', 'status must be "active" or "all"', 'status');
    const [items, entry] = await Promise.all([assignmentsFor(this.ports.sql, expert.id, status === 'all'), findExpert(this.ports.sql, expert.id)]);
    return { data: withEstimate(items, entry) };
  }

  /** Read from the stream, so an expert sees their own action at once; with the workspace's brand memory. */
  @ExpertOperation(getDeploymentOperation)
  @Get('deployments/:id')
  async deployment(@CurrentExpert() expert: ExpertRef, @Param('id') id: string): Promise<ExpertDeploymentWithMemory> {
    if (!isId('deployment', id)) throw new DomainError('not_found', `no deployment ${id}`, 'id');
    const view = await viewAsExpert(this.ports.store, expert.id, id);
    const [withBrandMemory, followUpOf] = await Promise.all([withMemory(this.ports.sql, view), earlierWorkFor(this.ports.store, view, expert.id)]);
    return { ...withBrandMemory, follow_up_of: followUpOf };
  }
}
