import { Body, Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { EventStore } from '@eh/event-store';
import { openHandoff, type HandoffResource } from '@eh/handoffs';
import type { ServiceConfig, SqlClient } from '@eh/platform';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeyGuard, Auth } from '../http/guards/api-key.guard';
import { deterministicId } from '../http/idempotency/deterministic-id.rules';
import { CONFIG, EVENT_STORE, ROUTER_CLIENT, SQL } from '../http/tokens';
import { ValidatedBody } from '../http/validated-body.pipe';
import { Resource } from '../http/versioning/resource.decorator';
import type { LedgerClient } from '@eh/ledger';
import { LEDGER_CLIENT } from '../ledger/ledger.tokens';
import type { RouterClient } from '@eh/routing';
import { OpenHandoffDto } from './open-handoff.dto';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { openHandoffOperation } from './open-handoff.openapi';

@Controller('v1/handoffs')
@UseGuards(ApiKeyGuard)
export class OpenHandoffController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL) private readonly sql: SqlClient,
    @Inject(ROUTER_CLIENT) private readonly router: RouterClient,
    @Inject(CONFIG) private readonly config: ServiceConfig,
    @Inject(LEDGER_CLIENT) private readonly ledger: LedgerClient,
  ) {}

  /** 201 Created with Location, as POST /v1/deployments (docs/decisions.md). */
  @PublicOperation(openHandoffOperation)
  @Post()
  @HttpCode(201)
  @Resource('handoff')
  open(
    @Auth() auth: AuthenticatedKey,
    @Body(new ValidatedBody(OpenHandoffDto)) body: OpenHandoffDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<HandoffResource> {
    const deployments = {
      store: this.store,
      quote: (request: Parameters<RouterClient['quote']>[0]) => this.router.quote(request),
      reserve: (reservation: Parameters<LedgerClient['reserve']>[0]) => this.ledger.reserve(reservation),
      release: (reservation: Parameters<LedgerClient['release']>[0]) => this.ledger.release(reservation),
      windows: this.config.durations,
    };
    const scope = {
      workspaceId: auth.workspaceId,
      mode: auth.mode,
      requestId: String(request.id),
      now: new Date(),
      // Under an Idempotency-Key every attempt names the same handoff (and so the same deployment).
      handoffId: request.idempotency ? deterministicId('handoff', request.idempotency) : undefined,
    };
    const input = {
      surface: body.surface,
      outcome: body.outcome,
      route: body.route ?? 'expert',
      trigger: body.trigger ?? null,
      policy: body.policy ?? 'none',
      artifact: body.return,
      context: { goal: body.context.goal, files: body.context.files ?? [], memory_keys: body.context.memory_keys ?? [] },
      skills: body.skills ?? null,
      urgency: body.urgency ?? null,
      metadata: body.metadata ?? {},
    };
    return openHandoff({ deployments, sql: this.sql }, scope, input).then((handoff) => {
      void reply.header('Location', `/v1/handoffs/${handoff.id}`);
      return handoff;
    });
  }
}
