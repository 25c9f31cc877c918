import { Get, Inject, Param, Query, Req } from '@nestjs/common';
import {
  listDeliveries,
  overdueBefore,
  replayDelivery,
  replayMatching,
  retryDeliveryNow,
  showDelivery,
  withOverdue,
  type BulkReplayResult,
  type DeliveryDetail,
  type PresentedDelivery,
} from '@eh/delivery';
import type { FastifyRequest } from 'fastify';
import type { ListEnvelope } from '../http/list-envelope';
import { OptionalBody } from '../http/optional-validated-body.pipe';
import { GatewayPorts } from '../http/gateway-ports';
import { checkTimeBounds, parseDeliveriesQuery } from './admin-webhook-deliveries.query';
import { AdminBulkReplayDto } from './admin-webhook-deliveries.dto';
import { changeDelivery } from './delivery-change';
import { AdminOperation } from '../docs/openapi/operation.decorators';
import { listOperation, replayAllOperation, replayOperation, retryNowOperation, showOperation } from './admin-webhook-deliveries.openapi';
import { AdminController } from '../http/guards/audience-controllers';
import { ActionRoute } from '../http/action-route';

/** Who asked, as the replay events record it. */
const OPERATIONS = { requestedBy: 'admin-api' };

/** Deliveries, their attempt history, dead letters and replay, for operations. */
@AdminController('admin/v1/webhook-deliveries')
export class AdminWebhookDeliveriesController {
  private readonly overdueAfterMs: number;

  constructor(@Inject(GatewayPorts) private readonly ports: GatewayPorts) {
    this.overdueAfterMs = ports.config.webhooks.overdueAfterMs;
  }

  /** `?status=dead_lettered&workspace_id=…&endpoint_id=…&event_type=…&created_after=…&created_before=…&overdue=true`, newest first. */
  @AdminOperation(listOperation)
  @Get()
  async list(@Query() query: Record<string, unknown>): Promise<ListEnvelope<PresentedDelivery>> {
    const { filter, limit, cursor, overdue } = parseDeliveriesQuery(query);
    const now = new Date();
    const page = await listDeliveries(this.ports.sql, overdue ? { ...filter, overdue_before: overdueBefore(now, this.overdueAfterMs) } : filter, limit, cursor);
    return {
      object: 'list',
      data: page.data.map((delivery) => withOverdue(delivery, now, this.overdueAfterMs)),
      next: page.next,
      has_more: page.next !== null,
    };
  }

  /** Every dead letter matching the body's filter, replayed oldest first; answers the counts. */
  @ActionRoute(AdminOperation(replayAllOperation), 'replay')
  async replayAll(
    @OptionalBody(AdminBulkReplayDto) body: AdminBulkReplayDto,
    @Req() request: FastifyRequest,
  ): Promise<{ object: 'bulk_replay' } & BulkReplayResult> {
    checkTimeBounds(body);
    const result = await replayMatching(
      this.ports.store,
      this.ports.sql,
      { ...body },
      { requestedBy: 'admin-api', correlationId: String(request.id), now: new Date() },
    );
    return { object: 'bulk_replay', ...result };
  }

  @AdminOperation(showOperation)
  @Get(':id')
  show(@Param('id') id: string): Promise<DeliveryDetail> {
    return showDelivery(this.ports.store, id);
  }

  /** Same delivery id, the full schedule again; 409 while an attempt is pending. */
  @ActionRoute(AdminOperation(replayOperation), ':id/replay')
  replay(@Param('id') id: string, @Req() request: FastifyRequest): Promise<PresentedDelivery> {
    return changeDelivery(OPERATIONS, request, this.overdueAfterMs, (made) => replayDelivery(this.ports.store, id, made));
  }

  /** A scheduled retry made due now, same attempt; 409 when nothing is scheduled. */
  @ActionRoute(AdminOperation(retryNowOperation), ':id/retry_now')
  retryNow(@Param('id') id: string, @Req() request: FastifyRequest): Promise<PresentedDelivery> {
    return changeDelivery(OPERATIONS, request, this.overdueAfterMs, (made) => retryDeliveryNow(this.ports.store, id, made));
  }
}
