import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Put, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  registerWebhookEndpoint,
  removeWebhookEndpoint,
  rotateWebhookSecret,
  showWebhookEndpoint,
  type EndpointContext,
  type EndpointWithSecret,
  type WebhookEndpointView,
} from '@eh/delivery';
import type { EventStore } from '@eh/event-store';
import { startSecretCipher, type SecretCipher, type ServiceConfig, type SqlClient } from '@eh/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OptionalValidatedBody } from '../http/optional-validated-body.pipe';
import { CONFIG, EVENT_STORE, SQL } from '../http/tokens';
import { ValidatedBody } from '../http/validated-body.pipe';
import { AdminGuard } from '../http/guards/admin.guard';
import { RegisterWebhookEndpointDto, RotateWebhookSecretDto } from './admin-webhook-endpoint.dto';
import { AdminOperation } from '../docs/openapi/operation.decorators';
import { registerOperation, rotateOperation, showOperation } from './admin-webhook-endpoint.openapi';

/**
 * A workspace's webhook endpoint (docs/decisions.md "Webhooks"): one per workspace,
 * so it is a singleton sub-resource. The signing secret is in the answer of the first
 * registration and of each rotation, and never again.
 */
@Controller('admin/v1/workspaces/:workspaceId/webhook-endpoint')
@UseGuards(AdminGuard)
export class AdminWebhookEndpointController {
  /** Seals new secrets; without keys in production the gateway does not start. */
  private readonly cipher: SecretCipher;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL) private readonly sql: SqlClient,
    @Inject(CONFIG) private readonly config: ServiceConfig,
  ) {
    this.cipher = startSecretCipher(config.secretKeyring);
  }

  private context(request: FastifyRequest): EndpointContext {
    return {
      sql: this.sql,
      store: this.store,
      cipher: this.cipher,
      allowPrivateUrls: this.config.webhooks.allowPrivateUrls,
      now: new Date(),
      correlationId: String(request.id),
    };
  }

  /** 201 with the secret when registered; 200 with `secret: null` when the URL was replaced. */
  @AdminOperation(registerOperation)
  @Put()
  async register(
    @Param('workspaceId') workspaceId: string,
    @Body(new ValidatedBody(RegisterWebhookEndpointDto)) body: RegisterWebhookEndpointDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EndpointWithSecret> {
    const result = await registerWebhookEndpoint(this.context(request), workspaceId, body.url);
    void reply.status(result.created ? 201 : 200);
    return result;
  }

  @AdminOperation(showOperation)
  @Get()
  show(@Param('workspaceId') workspaceId: string): Promise<WebhookEndpointView> {
    return showWebhookEndpoint(this.store, workspaceId);
  }

  @AdminOperation(rotateOperation)
  @Post('rotate-secret')
  @HttpCode(200)
  rotate(
    @Param('workspaceId') workspaceId: string,
    @Body(new OptionalValidatedBody(RotateWebhookSecretDto)) body: RotateWebhookSecretDto,
    @Req() request: FastifyRequest,
  ): Promise<EndpointWithSecret> {
    return rotateWebhookSecret(this.context(request), workspaceId, body.overlap_seconds ?? this.config.webhooks.secretOverlapSeconds);
  }

  @Delete()
  @HttpCode(204)
  async remove(@Param('workspaceId') workspaceId: string, @Req() request: FastifyRequest): Promise<void> {
    await removeWebhookEndpoint(this.context(request), workspaceId);
  }
}
