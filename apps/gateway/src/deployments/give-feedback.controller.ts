import { Inject, Param } from '@nestjs/common';
import { giveFeedback, type DeploymentResource } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import { checkPartnerDeploymentId, CommandScope, type PartnerCommandScope } from '../http/partner-request';
import { EVENT_STORE } from '../http/tokens';
import { ValidBody } from '../http/validated-body.pipe';
import { GiveFeedbackDto } from './give-feedback.dto';
import { DeploymentCommand } from './deployment-command.decorator';
import { giveDeploymentFeedbackOperation } from './give-feedback.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

@PartnerController('v1/deployments')
export class GiveFeedbackController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** 200 with the deployment and its `feedback`, the first time and on a replay alike. */
  @DeploymentCommand('feedback', giveDeploymentFeedbackOperation)
  async give(
    @CommandScope() scope: PartnerCommandScope,
    @Param('id') id: string,
    @ValidBody(GiveFeedbackDto) body: GiveFeedbackDto,
  ): Promise<DeploymentResource> {
    checkPartnerDeploymentId(id);
    return giveFeedback(this.store, scope, id, { rating: body.rating, comment: body.comment ?? null });
  }
}
