import { Delete, Get, HttpCode, Inject, Param, Put, Req, Res } from '@nestjs/common';
import {
  registerWebhookEndpoint,
  removeWebhookEndpoint,
  rotateWebhookSecret,
  showWebhookEndpoint,
  type EndpointWithSecret,
  type WebhookEndpointView,
} from '@eh/delivery';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OptionalBody } from '../http/optional-validated-body.pipe';
import { ValidBody } from '../http/validated-body.pipe';
import { RegisterWebhookEndpointDto, RotateWebhookSecretDto } from './admin-webhook-endpoint.dto';
import { AdminOperation } from '../docs/openapi/operation.decorators';
import { registerOperation, rotateOperation, showOperation } from './admin-webhook-endpoint.openapi';
import { WebhookContexts } from './webhook-contexts';
import { AdminController } from '../http/guards/audience-controllers';
import { ActionRoute } from '../http/action-route';

/**
 * A workspace's webhook endpoint (docs/decisions.md "Webhooks"): one per workspace,
 * so it is a singleton sub-resource. The signing secret is in the answer of the first
 * registration and of each rotation, and never again.
 */
@AdminController('admin/v1/workspaces/:workspaceId/webhook-endpoint')
export class AdminWebhookEndpointController {
  constructor(@Inject(WebhookContexts) private readonly contexts: WebhookContexts) {}

  /** 201 with the secret when registered; 200 with `secret: null` when the URL was replaced. */
  @AdminOperation(registerOperation)
  @Put()
  async register(
    @Param('workspaceId') workspaceId: string,
    @ValidBody(RegisterWebhookEndpointDto) body: RegisterWebhookEndpointDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EndpointWithSecret> {
    const result = await registerWebhookEndpoint(this.contexts.endpoint(request), workspaceId, body.url);
    void reply.status(result.created ? 201 : 200);
    return result;
  }

  @AdminOperation(showOperation)
  @Get()
  show(@Param('workspaceId') workspaceId: string): Promise<WebhookEndpointView> {
    return showWebhookEndpoint(this.contexts.store, workspaceId);
  }

  @ActionRoute(AdminOperation(rotateOperation), 'rotate-secret')
  rotate(
    @Param('workspaceId') workspaceId: string,
    @OptionalBody(RotateWebhookSecretDto) body: RotateWebhookSecretDto,
    @Req() request: FastifyRequest,
  ): Promise<EndpointWithSecret> {
    return rotateWebhookSecret(this.contexts.endpoint(request), workspaceId, this.contexts.overlapSeconds(body.overlap_seconds));
  }

  @Delete()
  @HttpCode(204)
  async remove(@Param('workspaceId') workspaceId: string, @Req() request: FastifyRequest): Promise<void> {
    await removeWebhookEndpoint(this.contexts.endpoint(request), workspaceId);
  }
}
