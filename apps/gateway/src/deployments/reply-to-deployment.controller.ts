import { Inject, Param } from '@nestjs/common';
import { replyToDeployment, type DeploymentResource } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import { checkPartnerDeploymentId, CommandScope, type PartnerCommandScope } from '../http/partner-request';
import { EVENT_STORE } from '../http/tokens';
import { ValidBody } from '../http/validated-body.pipe';
import { ReplyToDeploymentDto } from './reply-to-deployment.dto';
import { DeploymentCommand } from './deployment-command.decorator';
import { replyToDeploymentOperation } from './reply-to-deployment.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

@PartnerController('v1/deployments')
export class ReplyToDeploymentController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** 200 with the deployment back in_progress, carrying `question` and `reply` (docs/decisions.md). */
  @DeploymentCommand('reply', replyToDeploymentOperation)
  async reply(
    @CommandScope() scope: PartnerCommandScope,
    @Param('id') id: string,
    @ValidBody(ReplyToDeploymentDto) body: ReplyToDeploymentDto,
  ): Promise<DeploymentResource> {
    checkPartnerDeploymentId(id);
    return replyToDeployment(this.store, scope, id, { body: body.body, context_files: body.context_files ?? [] });
  }
}
