import { Get, Inject, Param, Query, Req } from '@nestjs/common';
import { routingHistory, type RoutingHistory } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import type { FastifyRequest } from 'fastify';
import { NoQueryParameters } from '../http/list-query.rules';
import { requiredMode } from '../http/service-mode';
import { EVENT_STORE } from '../http/tokens';
import { memberOf } from '../http/guards/member.guard';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import { getRoutingHistoryOperation } from './routing-history.openapi';
import { MemberController } from '../http/guards/audience-controllers';

/**
 * How a deployment is being routed, for the dashboard: offers, declines with their reasons, timeouts,
 * the next offer. Console-only (a member's session and `Service-Mode`): the public API keeps offers
 * internal, as the public events do; the workspace's own people see why a deployment still waits.
 */
@MemberController('console/api/v1/deployments')
export class RoutingHistoryController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  @ExpertOperation(getRoutingHistoryOperation)
  @Get(':id/routing')
  async show(@Param('id') id: string, @Query(NoQueryParameters) _query: object, @Req() request: FastifyRequest): Promise<RoutingHistory> {
    return routingHistory(this.store, { workspaceId: memberOf(request).workspace_id, mode: requiredMode(request) }, id);
  }
}
