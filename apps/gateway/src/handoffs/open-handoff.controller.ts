import { HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { openHandoff, type HandoffResource } from '@eh/handoffs';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth } from '../http/guards/api-key.guard';
import { deterministicId } from '../http/idempotency/deterministic-id.rules';
import { ValidBody } from '../http/validated-body.pipe';
import { Resource } from '../http/versioning/resource.decorator';
import { creationPorts } from '../deployments/deployment-creation';
import { GatewayPorts } from '../http/gateway-ports';
import { OpenHandoffDto } from './open-handoff.dto';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { openHandoffOperation } from './open-handoff.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

@PartnerController('v1/handoffs')
export class OpenHandoffController {
  constructor(@Inject(GatewayPorts) private readonly ports: GatewayPorts) {}

  /** 201 Created with Location, as POST /v1/deployments (docs/decisions.md). */
  @PublicOperation(openHandoffOperation)
  @Post()
  @HttpCode(201)
  @Resource('handoff')
  open(
    @Auth() auth: AuthenticatedKey,
    @ValidBody(OpenHandoffDto) body: OpenHandoffDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<HandoffResource> {
    const scope = {
      workspaceId: auth.workspaceId,
      mode: auth.mode,
      requestId: String(request.id),
      now: new Date(),
      // Under an Idempotency-Key every attempt names the same handoff (and so the same deployment).
      handoffId: request.idempotency ? deterministicId('handoff', request.idempotency) : undefined,
    };
    const input = {
      surface: body.surface,
      outcome: body.outcome,
      route: body.route ?? 'expert',
      trigger: body.trigger ?? null,
      policy: body.policy ?? 'none',
      artifact: body.return,
      context: { goal: body.context.goal, files: body.context.files ?? [], memory_keys: body.context.memory_keys ?? [] },
      skills: body.skills ?? null,
      urgency: body.urgency ?? null,
      metadata: body.metadata ?? {},
    };
    return openHandoff({ deployments: creationPorts(this.ports), sql: this.ports.sql }, scope, input).then((handoff) => {
      void reply.header('Location', `/v1/handoffs/${handoff.id}`);
      return handoff;
    });
  }
}
