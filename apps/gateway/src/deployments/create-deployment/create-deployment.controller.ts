import { Body, Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { checkDestination } from '@eh/delivery';
import { createDeployment, type DeploymentResource } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import type { ServiceConfig } from '@eh/platform';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeyGuard, Auth } from '../../http/api-key.guard';
import { deterministicId } from '../../http/idempotency/deterministic-id.rules';
import { CONFIG, EVENT_STORE, ROUTER_CLIENT } from '../../http/tokens';
import { ValidatedBody } from '../../http/validated-body.pipe';
import { Resource } from '../../http/versioning/resource.decorator';
import type { LedgerClient } from '../../ledger/ledger.client';
import { LEDGER_CLIENT } from '../../ledger/ledger.tokens';
import type { RouterClient } from '../../routing/router.client';
import { CreateDeploymentDto } from './create-deployment.dto';

@Controller('v1/deployments')
@UseGuards(ApiKeyGuard)
export class CreateDeploymentController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(ROUTER_CLIENT) private readonly router: RouterClient,
    @Inject(CONFIG) private readonly config: ServiceConfig,
    @Inject(LEDGER_CLIENT) private readonly ledger: LedgerClient,
  ) {}

  /** 201 Created with a Location header (docs/decisions.md). */
  @Post()
  @HttpCode(201)
  @Resource('deployment')
  async create(
    @Auth() auth: AuthenticatedKey,
    @Body(new ValidatedBody(CreateDeploymentDto)) body: CreateDeploymentDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DeploymentResource> {
    // https and a public address, unless configuration allows otherwise ("Safety").
    if (body.webhook_url) await checkDestination(body.webhook_url, 'webhook_url', this.config.webhooks.allowPrivateUrls);
    const deployment = await createDeployment(
      {
        store: this.store,
        quote: (quote) => this.router.quote(quote),
        reserve: (reservation) => this.ledger.reserve(reservation),
        release: (reservation) => this.ledger.release(reservation),
        windows: this.config.durations,
      },
      {
        workspaceId: auth.workspaceId,
        mode: auth.mode,
        requestId: String(request.id),
        now: new Date(),
        // Under an Idempotency-Key every attempt names the same deployment, so one is ever created.
        deploymentId: request.idempotency ? deterministicId('deployment', request.idempotency) : undefined,
      },
      {
        brief: body.brief,
        skills: body.skills,
        urgency: body.urgency ?? null,
        scheduled_for: body.scheduled_for ?? null,
        context_url: body.context_url ?? null,
        context_files: body.context_files ?? [],
        metadata: body.metadata ?? {},
        webhook_url: body.webhook_url ?? null,
        ...(body.output_schema !== undefined ? { output_schema: body.output_schema } : {}),
        ...(body.follow_up_to !== undefined ? { follow_up_to: body.follow_up_to } : {}),
      },
    );
    void reply.header('Location', `/v1/deployments/${deployment.id}`);
    return deployment;
  }
}
