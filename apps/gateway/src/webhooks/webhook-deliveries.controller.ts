import { Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Actor } from '@eh/contracts';
import {
  listDeliveries,
  overdueBefore,
  replayPartnerDelivery,
  retryPartnerDeliveryNow,
  withOverdue,
  type PresentedDelivery,
  requestReplayJob,
  showPartnerDelivery,
  showReplayJob,
  type DeliveryDetail,
  type DeliveryResource,
  type PartnerScope,
  type ReplayJobResource,
} from '@eh/delivery';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { checkTimeBounds } from './admin-webhook-deliveries.query';
import { ListCursorCodec } from '../deployments/list-cursor';
import { ActionRoute } from '../http/action-route';
import { Auth } from '../http/guards/api-key.guard';
import { PartnerController } from '../http/guards/audience-controllers';
import { listEnvelope, type ListEnvelope } from '../http/list-envelope';
import { NoQueryParameters } from '../http/list-query.rules';
import { OptionalBody } from '../http/optional-validated-body.pipe';
import { actorOf } from '../http/service-mode';
import { GatewayPorts } from '../http/gateway-ports';
import { changeDelivery } from './delivery-change';
import { KeyScope, scopeOf } from './partner-context';
import { EmptyBodyDto, EmptyBody } from './webhook-endpoints.dto';
import { parsePartnerDeliveriesQuery } from './webhook-deliveries.query';
import { REPLAY_JOB_RUNNER, type ReplayJobRunner } from './replay-job.runner';
import { BulkReplayDto } from './webhook-deliveries.dto';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import {
  getWebhookDeliveryOperation,
  getWebhookReplayOperation,
  listWebhookDeliveriesOperation,
  replayWebhookDeliveriesOperation,
  replayWebhookDeliveryOperation,
  retryWebhookDeliveryNowOperation,
} from './webhook-deliveries.openapi';

/** The admin list's own cursor under ours: `<created_at>|<id>` in base64url. */
const innerCursor = (createdAt: string, id: string): string => Buffer.from(`${createdAt}|${id}`).toString('base64url');

/**
 * A partner's deliveries (docs/dashboard-contract.md §4): the list with every filter, one
 * with all its attempts, replay of one dead letter (same id: the receiver sees the same
 * `Service-Delivery`), and bulk replay as a job whose progress can be read.
 */
@PartnerController('v1')
export class WebhookDeliveriesController {
  private readonly cursors: ListCursorCodec;
  private readonly overdueAfterMs: number;

  constructor(
    @Inject(GatewayPorts) private readonly ports: GatewayPorts,
    @Inject(REPLAY_JOB_RUNNER) private readonly replays: ReplayJobRunner,
  ) {
    this.cursors = new ListCursorCodec(ports.config.cursorSecret);
    this.overdueAfterMs = ports.config.webhooks.overdueAfterMs;
  }

  @PublicOperation(listWebhookDeliveriesOperation)
  @Get('webhook_deliveries')
  async list(@Auth() auth: AuthenticatedKey, @Req() request: FastifyRequest): Promise<ListEnvelope<PresentedDelivery>> {
    const query = parsePartnerDeliveriesQuery(request.query as Record<string, unknown>);
    const scope = { workspaceId: auth.workspaceId, mode: auth.mode, filtersHash: query.filtersHash };
    const position = query.cursor === undefined ? undefined : this.cursors.decode(query.cursor, scope);
    const now = new Date();
    const filter = {
      ...query.filter,
      workspace_id: auth.workspaceId,
      mode: auth.mode,
      ...(query.overdue ? { overdue_before: overdueBefore(now, this.overdueAfterMs) } : {}),
    };
    const page = await listDeliveries(this.ports.sql, filter, query.limit, position && innerCursor(position.createdAt, position.id));
    const last = page.data[page.data.length - 1];
    return listEnvelope(
      page.data.map((delivery) => withOverdue(delivery, now, this.overdueAfterMs)),
      page.next && last ? this.cursors.encode(scope, { createdAt: last.created_at, id: last.id }) : null,
    );
  }

  @PublicOperation(getWebhookDeliveryOperation)
  @Get('webhook_deliveries/:id')
  async show(@Auth() auth: AuthenticatedKey, @Param('id') id: string): Promise<DeliveryDetail & { overdue: boolean }> {
    return withOverdue(await showPartnerDelivery(this.ports.store, scopeOf(auth), id), new Date(), this.overdueAfterMs);
  }

  /** Resends a finished delivery (dead-lettered, succeeded, or acknowledged with a 4xx) under the same id; a pending one is 409. */
  @ActionRoute(PublicOperation(replayWebhookDeliveryOperation), 'webhook_deliveries/:id/replay')
  replay(@KeyScope() scope: PartnerScope, @Param('id') id: string, @EmptyBody() _body: EmptyBodyDto, @Req() request: FastifyRequest) {
    return this.changed(request, (made) => replayPartnerDelivery(this.ports.store, scope, id, made));
  }

  /** A scheduled retry made due now, same attempt; one already due answers as it is; nothing scheduled is 409. */
  @ActionRoute(PublicOperation(retryWebhookDeliveryNowOperation), 'webhook_deliveries/:id/retry_now')
  retryNow(@KeyScope() scope: PartnerScope, @Param('id') id: string, @EmptyBody() _body: EmptyBodyDto, @Req() request: FastifyRequest) {
    return this.changed(request, (made) => retryPartnerDeliveryNow(this.ports.store, scope, id, made));
  }

  /** One of the partner's deliveries changed by this request, made by its actor, answered as it then stands. */
  private changed(
    request: FastifyRequest,
    change: (made: { actor: Actor; correlationId: string; now: Date }) => Promise<DeliveryResource>,
  ): Promise<PresentedDelivery> {
    return changeDelivery({ actor: actorOf(request) }, request, this.overdueAfterMs, change);
  }

  /** 202: the job runs after the answer; `GET /v1/webhook_replays/:id` shows it move. */
  @PublicOperation(replayWebhookDeliveriesOperation)
  @Post('webhook_deliveries/replay')
  @HttpCode(202)
  async bulkReplay(
    @Auth() auth: AuthenticatedKey,
    @OptionalBody(BulkReplayDto) body: BulkReplayDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReplayJobResource> {
    const filter = { ...body };
    checkTimeBounds(filter);
    const job = await requestReplayJob(
      { store: this.ports.store, correlationId: String(request.id), clock: () => new Date() },
      this.ports.sql,
      scopeOf(auth),
      filter,
      actorOf(request),
    );
    this.replays.start(job.id, String(request.id));
    void reply.header('Location', `/v1/webhook_replays/${job.id}`);
    return job;
  }

  @PublicOperation(getWebhookReplayOperation)
  @Get('webhook_replays/:id')
  async replayJob(
    @Auth() auth: AuthenticatedKey,
    @Param('id') id: string,
    @Query(NoQueryParameters) _query: object,
    @Req() request: FastifyRequest,
  ): Promise<ReplayJobResource> {
    const { resource, state } = await showReplayJob(this.ports.store, scopeOf(auth), id);
    this.replays.resumeIfStale(state, String(request.id), new Date());
    return resource;
  }
}
