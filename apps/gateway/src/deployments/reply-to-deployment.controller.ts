import { Body, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { replyToDeployment, type DeploymentResource } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';
import { Auth } from '../http/guards/api-key.guard';
import { checkPartnerDeploymentId, partnerRequestScope } from '../http/partner-request';
import { EVENT_STORE } from '../http/tokens';
import { ValidatedBody } from '../http/validated-body.pipe';
import { Resource } from '../http/versioning/resource.decorator';
import { ReplyToDeploymentDto } from './reply-to-deployment.dto';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { replyToDeploymentOperation } from './reply-to-deployment.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

@PartnerController('v1/deployments')
export class ReplyToDeploymentController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** 200 with the deployment back in_progress, carrying `question` and `reply` (docs/decisions.md). */
  @PublicOperation(replyToDeploymentOperation)
  @Post(':id/reply')
  @HttpCode(200)
  @Resource('deployment')
  async reply(
    @Auth() auth: AuthenticatedKey,
    @Param('id') id: string,
    @Body(new ValidatedBody(ReplyToDeploymentDto)) body: ReplyToDeploymentDto,
    @Req() request: FastifyRequest,
  ): Promise<DeploymentResource> {
    checkPartnerDeploymentId(id);
    return replyToDeployment(this.store, partnerRequestScope(auth, request), id, { body: body.body, context_files: body.context_files ?? [] });
  }
}
