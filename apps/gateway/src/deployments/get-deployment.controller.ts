import { Get, Header, Inject, Param } from '@nestjs/common';
import { DomainError } from '@eh/contracts';
import { findDeployment, type DeploymentResource } from '@eh/deployments';
import type { SqlClient } from '@eh/platform';
import type { AuthenticatedKey } from '@eh/workspaces';
import { Auth } from '../http/guards/api-key.guard';
import { checkPartnerDeploymentId } from '../http/partner-request';
import { NOT_CACHED } from '../http/cache-control';
import { SQL } from '../http/tokens';
import { Resource } from '../http/versioning/resource.decorator';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { getDeploymentOperation } from './get-deployment.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

@PartnerController('v1/deployments')
export class GetDeploymentController {
  constructor(@Inject(SQL) private readonly sql: SqlClient) {}

  /**
   * Reads the inline read model, so a GET right after any write shows it. Not cached, here or by
   * any shared cache: a lookup costs a few ms, and a cached copy could hide a change the caller made.
   */
  @PublicOperation(getDeploymentOperation)
  @Get(':id')
  @Header('Cache-Control', NOT_CACHED)
  @Resource('deployment')
  async get(@Auth() auth: AuthenticatedKey, @Param('id') id: string): Promise<DeploymentResource> {
    checkPartnerDeploymentId(id);
    const deployment = await findDeployment(this.sql, { workspaceId: auth.workspaceId, mode: auth.mode }, id);
    if (!deployment) throw new DomainError('not_found', `no deployment ${id} in this workspace`, 'id');
    return deployment;
  }
}
