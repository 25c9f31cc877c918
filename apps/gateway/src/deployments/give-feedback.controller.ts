import { Body, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { giveFeedback, type DeploymentResource } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';
import { Auth } from '../http/guards/api-key.guard';
import { checkPartnerDeploymentId, partnerRequestScope } from '../http/partner-request';
import { EVENT_STORE } from '../http/tokens';
import { ValidatedBody } from '../http/validated-body.pipe';
import { Resource } from '../http/versioning/resource.decorator';
import { GiveFeedbackDto } from './give-feedback.dto';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { giveDeploymentFeedbackOperation } from './give-feedback.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

@PartnerController('v1/deployments')
export class GiveFeedbackController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** 200 with the deployment and its `feedback`, the first time and on a replay alike. */
  @PublicOperation(giveDeploymentFeedbackOperation)
  @Post(':id/feedback')
  @HttpCode(200)
  @Resource('deployment')
  async give(
    @Auth() auth: AuthenticatedKey,
    @Param('id') id: string,
    @Body(new ValidatedBody(GiveFeedbackDto)) body: GiveFeedbackDto,
    @Req() request: FastifyRequest,
  ): Promise<DeploymentResource> {
    checkPartnerDeploymentId(id);
    return giveFeedback(this.store, partnerRequestScope(auth, request), id, { rating: body.rating, comment: body.comment ?? null });
  }
}
