import { Inject, Param, Req } from '@nestjs/common';
import { DomainError, isId } from '@eh/contracts';
import { cancelByOperations, type DeploymentResource } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import { IsString, MaxLength, MinLength } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import { EVENT_STORE } from '../http/tokens';
import { ValidBody } from '../http/validated-body.pipe';
import { AdminOperation } from '../docs/openapi/operation.decorators';
import { cancelOperation } from './admin-cancel-deployment.openapi';
import { AdminController } from '../http/guards/audience-controllers';
import { ActionRoute } from '../http/action-route';

export class OperationsCancelDto {
  @IsString()
  @MinLength(1, { message: 'reason must not be empty: the agent is told why' })
  @MaxLength(500)
  reason!: string;
}

/** Service operations cancel any deployment of any workspace from any active state; 200 with it as cancelled. */
@AdminController('admin/v1/deployments')
export class AdminCancelDeploymentController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  @ActionRoute(AdminOperation(cancelOperation), ':id/cancel')
  cancel(@Param('id') id: string, @ValidBody(OperationsCancelDto) body: OperationsCancelDto, @Req() request: FastifyRequest): Promise<DeploymentResource> {
    if (!isId('deployment', id)) throw new DomainError('not_found', `no deployment ${id}`, 'id');
    return cancelByOperations(this.store, id, body.reason, new Date(), String(request.id));
  }
}
