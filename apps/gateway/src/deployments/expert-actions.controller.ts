import { Inject, Param, Req } from '@nestjs/common';
import { DomainError, isId, type ExpertRef } from '@eh/contracts';
import { actAsExpert, type ExpertAction, type ExpertDeploymentView } from '@eh/deployments';
import { setOwnAvailability, type ExpertSelfEntry } from '@eh/routing';
import type { FastifyRequest } from 'fastify';
import { OptionalBody } from '../http/optional-validated-body.pipe';
import { publishedAttachments } from './expert-published-attachments';
import { ValidBody } from '../http/validated-body.pipe';
import { CurrentExpert } from '../http/guards/expert.guard';
import { ExpertController } from '../http/guards/audience-controllers';
import { GatewayPorts } from '../http/gateway-ports';
import { AskDto, AvailabilityDto, ExpertCancelDto, PublishDto, ReasonDto } from './expert-actions.dto';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import {
  acceptOfferOperation,
  askQuestionOperation,
  cancelWorkOperation,
  declineOfferOperation,
  publishOutputOperation,
  setAvailabilityOperation,
  startWorkOperation,
} from './expert-actions.openapi';
import { ActionRoute } from '../http/action-route';
import type { ExpertEventHub } from '../events/expert-event.hub';
import { EXPERT_EVENT_HUB } from '../events/expert-events.tokens';

/** Every expert action is a command that becomes events; each answers 200 with the expert's view. */
@ExpertController('expert/v1')
export class ExpertActionsController {
  constructor(
    @Inject(GatewayPorts) private readonly ports: GatewayPorts,
    @Inject(EXPERT_EVENT_HUB) private readonly hub: ExpertEventHub,
  ) {}

  private act(expert: ExpertRef, id: string, request: FastifyRequest, action: ExpertAction): Promise<ExpertDeploymentView> {
    if (!isId('deployment', id)) throw new DomainError('not_found', `no deployment ${id}`, 'id');
    const scope = { expert, requestId: String(request.id), now: new Date(), replyWindowSeconds: this.ports.config.durations.replyWindowSeconds };
    return actAsExpert(this.ports.store, scope, id, action, this.hub.commandFolds);
  }

  @ActionRoute(ExpertOperation(acceptOfferOperation), 'deployments/:id/accept')
  accept(@CurrentExpert() expert: ExpertRef, @Param('id') id: string, @OptionalBody(ReasonDto) _body: ReasonDto, @Req() request: FastifyRequest) {
    return this.act(expert, id, request, { type: 'accept' });
  }

  @ActionRoute(ExpertOperation(declineOfferOperation), 'deployments/:id/decline')
  decline(@CurrentExpert() expert: ExpertRef, @Param('id') id: string, @OptionalBody(ReasonDto) body: ReasonDto, @Req() request: FastifyRequest) {
    return this.act(expert, id, request, { type: 'decline', reason: body.reason ?? '' });
  }

  @ActionRoute(ExpertOperation(startWorkOperation), 'deployments/:id/start')
  start(@CurrentExpert() expert: ExpertRef, @Param('id') id: string, @OptionalBody(ReasonDto) _body: ReasonDto, @Req() request: FastifyRequest) {
    return this.act(expert, id, request, { type: 'start' });
  }

  @ActionRoute(ExpertOperation(askQuestionOperation), 'deployments/:id/ask')
  ask(@CurrentExpert() expert: ExpertRef, @Param('id') id: string, @ValidBody(AskDto) body: AskDto, @Req() request: FastifyRequest) {
    return this.act(expert, id, request, { type: 'ask', question: body.question });
  }

  @ActionRoute(ExpertOperation(publishOutputOperation), 'deployments/:id/publish')
  async publish(@CurrentExpert() expert: ExpertRef, @Param('id') id: string, @ValidBody(PublishDto) body: PublishDto, @Req() request: FastifyRequest) {
    if (!isId('deployment', id)) throw new DomainError('not_found', `no deployment ${id}`, 'id');
    const attachments = await publishedAttachments(this.ports.sql, body.attachments ?? [], { deploymentId: id, expertId: expert.id });
    const output = { format: 'markdown' as const, body: body.body, attachments, ...(body.data !== undefined ? { data: body.data } : {}) };
    // The completing append drops the expert's draft in its own statement (the expert_drafts projection).
    return this.act(expert, id, request, { type: 'publish', output, durationSeconds: body.duration_seconds, creditsCharged: body.credits_charged });
  }

  @ActionRoute(ExpertOperation(cancelWorkOperation), 'deployments/:id/cancel')
  cancel(@CurrentExpert() expert: ExpertRef, @Param('id') id: string, @ValidBody(ExpertCancelDto) body: ExpertCancelDto, @Req() request: FastifyRequest) {
    const partialOutput = body.partial_body ? { format: 'markdown' as const, body: body.partial_body, attachments: [] } : null;
    return this.act(expert, id, request, { type: 'cancel', reason: body.reason, partialOutput });
  }

  /** The expert sets their own availability (`online` takes offers; `busy`/`offline`/`away` do not), `online` possibly until a time. */
  @ActionRoute(ExpertOperation(setAvailabilityOperation), 'availability')
  availability(
    @CurrentExpert() expert: ExpertRef,
    @ValidBody(AvailabilityDto) body: AvailabilityDto,
    @Req() request: FastifyRequest,
  ): Promise<ExpertSelfEntry> {
    return setOwnAvailability(
      this.ports.store,
      expert.id,
      { availability: body.availability, availableUntil: body.available_until },
      new Date(),
      String(request.id),
    );
  }
}
