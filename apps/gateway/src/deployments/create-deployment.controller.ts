import { HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { DeploymentResource } from '@eh/deployments';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth } from '../http/guards/api-key.guard';
import { deterministicId } from '../http/idempotency/deterministic-id.rules';
import { ValidBody } from '../http/validated-body.pipe';
import { Resource } from '../http/versioning/resource.decorator';
import { CreateDeploymentDto } from './create-deployment.dto';
import { createFromRequest } from './deployment-creation';
import { GatewayPorts } from '../http/gateway-ports';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { createDeploymentOperation } from './create-deployment.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

@PartnerController('v1/deployments')
export class CreateDeploymentController {
  constructor(@Inject(GatewayPorts) private readonly ports: GatewayPorts) {}

  /** 201 Created with a Location header (docs/decisions.md). */
  @PublicOperation(createDeploymentOperation)
  @Post()
  @HttpCode(201)
  @Resource('deployment')
  async create(
    @Auth() auth: AuthenticatedKey,
    @ValidBody(CreateDeploymentDto) body: CreateDeploymentDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DeploymentResource> {
    const deployment = await createFromRequest(
      this.ports,
      auth,
      {
        requestId: String(request.id),
        now: new Date(),
        // Under an Idempotency-Key every attempt names the same deployment, so one is ever created.
        deploymentId: request.idempotency ? deterministicId('deployment', request.idempotency) : undefined,
      },
      body,
    );
    void reply.header('Location', `/v1/deployments/${deployment.id}`);
    return deployment;
  }
}
