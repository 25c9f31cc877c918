import { Inject, Param } from '@nestjs/common';
import { cancelDeployment, type DeploymentResource } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import { checkPartnerDeploymentId, CommandScope, type PartnerCommandScope } from '../http/partner-request';
import { OptionalBody } from '../http/optional-validated-body.pipe';
import { EVENT_STORE } from '../http/tokens';
import { CancelDeploymentDto } from './cancel-deployment.dto';
import { DeploymentCommand } from './deployment-command.decorator';
import { cancelDeploymentOperation } from './cancel-deployment.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

@PartnerController('v1/deployments')
export class CancelDeploymentController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** 200 with the deployment as cancelled (docs/decisions.md "REST surface"). */
  @DeploymentCommand('cancel', cancelDeploymentOperation)
  async cancel(
    @CommandScope() scope: PartnerCommandScope,
    @Param('id') id: string,
    @OptionalBody(CancelDeploymentDto) body: CancelDeploymentDto,
  ): Promise<DeploymentResource> {
    checkPartnerDeploymentId(id);
    return cancelDeployment(this.store, scope, id, { reason: body.reason ?? '' });
  }
}
