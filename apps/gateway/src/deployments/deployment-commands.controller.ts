import { Inject, Param } from '@nestjs/common';
import { cancelDeployment, giveFeedback, replyToDeployment } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { PartnerController } from '../http/guards/audience-controllers';
import { OptionalBody } from '../http/optional-validated-body.pipe';
import { checkPartnerDeploymentId, CommandScope, type PartnerCommandScope } from '../http/partner-request';
import { ActionRoute } from '../http/action-route';
import { EVENT_STORE } from '../http/tokens';
import { Resource } from '../http/versioning/resource.decorator';
import { ValidBody } from '../http/validated-body.pipe';
import { CancelDeploymentDto } from './cancel-deployment.dto';
import { cancelDeploymentOperation, giveDeploymentFeedbackOperation, replyToDeploymentOperation } from './deployment-commands.openapi';
import { GiveFeedbackDto } from './give-feedback.dto';
import { ReplyToDeploymentDto } from './reply-to-deployment.dto';

/**
 * A partner's commands on one of its deployments, `POST /v1/deployments/:id/<action>`: each answers
 * 200 with the deployment as the command left it, in the caller's `Service-Version`.
 */
@PartnerController('v1/deployments')
export class DeploymentCommandsController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** The deployment as cancelled (docs/decisions.md "REST surface"). */
  @ActionRoute(PublicOperation(cancelDeploymentOperation), ':id/cancel', Resource('deployment'))
  async cancel(@CommandScope() scope: PartnerCommandScope, @Param('id') id: string, @OptionalBody(CancelDeploymentDto) body: CancelDeploymentDto) {
    checkPartnerDeploymentId(id);
    return cancelDeployment(this.store, scope, id, { reason: body.reason ?? '' });
  }

  /** The deployment back in_progress, carrying `question` and `reply` (docs/decisions.md). */
  @ActionRoute(PublicOperation(replyToDeploymentOperation), ':id/reply', Resource('deployment'))
  async reply(@CommandScope() scope: PartnerCommandScope, @Param('id') id: string, @ValidBody(ReplyToDeploymentDto) body: ReplyToDeploymentDto) {
    checkPartnerDeploymentId(id);
    return replyToDeployment(this.store, scope, id, { body: body.body, context_files: body.context_files ?? [] });
  }

  /** The deployment and its `feedback`, the first time and on a replay alike. */
  @ActionRoute(PublicOperation(giveDeploymentFeedbackOperation), ':id/feedback', Resource('deployment'))
  async give(@CommandScope() scope: PartnerCommandScope, @Param('id') id: string, @ValidBody(GiveFeedbackDto) body: GiveFeedbackDto) {
    checkPartnerDeploymentId(id);
    return giveFeedback(this.store, scope, id, { rating: body.rating, comment: body.comment ?? null });
  }
}
