import { applyDecorators, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { cancelDeployment, giveFeedback, replyToDeployment } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import type { OperationDoc } from '../docs/openapi/public-operations';
import { PartnerController } from '../http/guards/audience-controllers';
import { OptionalBody } from '../http/optional-validated-body.pipe';
import { checkPartnerDeploymentId, CommandScope, type PartnerCommandScope } from '../http/partner-request';
import { EVENT_STORE } from '../http/tokens';
import { Resource } from '../http/versioning/resource.decorator';
import { ValidBody } from '../http/validated-body.pipe';
import { CancelDeploymentDto } from './cancel-deployment.dto';
import { cancelDeploymentOperation, giveDeploymentFeedbackOperation, replyToDeploymentOperation } from './deployment-commands.openapi';
import { GiveFeedbackDto } from './give-feedback.dto';
import { ReplyToDeploymentDto } from './reply-to-deployment.dto';

/**
 * A partner's command on one of its deployments, `POST /v1/deployments/:id/<action>`: it answers
 * 200 (the deployment already exists, nothing is created) with the deployment as the command left
 * it, in the caller's `Service-Version`.
 */
const DeploymentCommand = (action: string, doc: OperationDoc): MethodDecorator =>
  applyDecorators(PublicOperation(doc), Post(`:id/${action}`), HttpCode(200), Resource('deployment'));

/** A partner's commands on one of its deployments. */
@PartnerController('v1/deployments')
export class DeploymentCommandsController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** The deployment as cancelled (docs/decisions.md "REST surface"). */
  @DeploymentCommand('cancel', cancelDeploymentOperation)
  async cancel(@CommandScope() scope: PartnerCommandScope, @Param('id') id: string, @OptionalBody(CancelDeploymentDto) body: CancelDeploymentDto) {
    checkPartnerDeploymentId(id);
    return cancelDeployment(this.store, scope, id, { reason: body.reason ?? '' });
  }

  /** The deployment back in_progress, carrying `question` and `reply` (docs/decisions.md). */
  @DeploymentCommand('reply', replyToDeploymentOperation)
  async reply(@CommandScope() scope: PartnerCommandScope, @Param('id') id: string, @ValidBody(ReplyToDeploymentDto) body: ReplyToDeploymentDto) {
    checkPartnerDeploymentId(id);
    return replyToDeployment(this.store, scope, id, { body: body.body, context_files: body.context_files ?? [] });
  }

  /** The deployment and its `feedback`, the first time and on a replay alike. */
  @DeploymentCommand('feedback', giveDeploymentFeedbackOperation)
  async give(@CommandScope() scope: PartnerCommandScope, @Param('id') id: string, @ValidBody(GiveFeedbackDto) body: GiveFeedbackDto) {
    checkPartnerDeploymentId(id);
    return giveFeedback(this.store, scope, id, { rating: body.rating, comment: body.comment ?? null });
  }
}
