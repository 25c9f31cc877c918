import { Body, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { cancelDeployment, type DeploymentResource } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';
import { Auth } from '../http/guards/api-key.guard';
import { checkPartnerDeploymentId, partnerRequestScope } from '../http/partner-request';
import { OptionalValidatedBody } from '../http/optional-validated-body.pipe';
import { EVENT_STORE } from '../http/tokens';
import { Resource } from '../http/versioning/resource.decorator';
import { CancelDeploymentDto } from './cancel-deployment.dto';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { cancelDeploymentOperation } from './cancel-deployment.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

@PartnerController('v1/deployments')
export class CancelDeploymentController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** 200 with the deployment as cancelled (docs/decisions.md "REST surface"). */
  @PublicOperation(cancelDeploymentOperation)
  @Post(':id/cancel')
  @HttpCode(200)
  @Resource('deployment')
  async cancel(
    @Auth() auth: AuthenticatedKey,
    @Param('id') id: string,
    @Body(new OptionalValidatedBody(CancelDeploymentDto)) body: CancelDeploymentDto,
    @Req() request: FastifyRequest,
  ): Promise<DeploymentResource> {
    checkPartnerDeploymentId(id);
    return cancelDeployment(this.store, partnerRequestScope(auth, request), id, { reason: body.reason ?? '' });
  }
}
