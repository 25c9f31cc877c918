import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { listDeliveries, replayDelivery, replayMatching, showDelivery, type BulkReplayResult, type DeliveryDetail, type DeliveryResource } from '@eh/delivery';
import type { EventStore } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import type { FastifyRequest } from 'fastify';
import type { ListEnvelope } from '../../http/list-envelope';
import { OptionalValidatedBody } from '../../http/optional-validated-body.pipe';
import { EVENT_STORE, SQL } from '../../http/tokens';
import { AdminGuard } from '../admin.guard';
import { checkTimeBounds, parseDeliveriesQuery } from './webhook-deliveries.query';
import { BulkReplayDto } from './webhook-deliveries.dto';

/** Deliveries, their attempt history, dead letters and replay, for operations. */
@Controller('admin/v1/webhook-deliveries')
@UseGuards(AdminGuard)
export class WebhookDeliveriesController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL) private readonly sql: SqlClient,
  ) {}

  /** `?status=dead_lettered&workspace_id=…&endpoint_id=…&event_type=…&created_after=…&created_before=…`, newest first. */
  @Get()
  async list(@Query() query: Record<string, unknown>): Promise<ListEnvelope<DeliveryResource>> {
    const { filter, limit, cursor } = parseDeliveriesQuery(query);
    const page = await listDeliveries(this.sql, filter, limit, cursor);
    return { object: 'list', data: page.data, next: page.next, has_more: page.next !== null };
  }

  /** Every dead letter matching the body's filter, replayed oldest first; answers the counts. */
  @Post('replay')
  @HttpCode(200)
  async replayAll(@Body(new OptionalValidatedBody(BulkReplayDto)) body: BulkReplayDto, @Req() request: FastifyRequest): Promise<{ object: 'bulk_replay' } & BulkReplayResult> {
    checkTimeBounds(body);
    const result = await replayMatching(this.store, this.sql, { ...body }, { requestedBy: 'admin-api', correlationId: String(request.id), now: new Date() });
    return { object: 'bulk_replay', ...result };
  }

  @Get(':id')
  show(@Param('id') id: string): Promise<DeliveryDetail> {
    return showDelivery(this.store, id);
  }

  /** Same delivery id, the full schedule again; 409 unless dead-lettered. */
  @Post(':id/replay')
  @HttpCode(200)
  replay(@Param('id') id: string, @Req() request: FastifyRequest): Promise<DeliveryResource> {
    return replayDelivery(this.store, id, { requestedBy: 'admin-api', correlationId: String(request.id), now: new Date() });
  }
}
