import { Get, Header, Inject, Query } from '@nestjs/common';
import { listDeployments, type DeploymentResource } from '@eh/deployments';
import type { AuthenticatedKey } from '@eh/workspaces';
import { Auth } from '../http/guards/api-key.guard';
import type { ListEnvelope } from '../http/list-envelope';
import { Resource } from '../http/versioning/resource.decorator';
import { ListCursorCodec, filtersHash } from './list-cursor';
import { parseListQuery } from './list-deployments.query';
import { NOT_CACHED } from '../http/cache-control';
import { GatewayPorts } from '../http/gateway-ports';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { listDeploymentsOperation } from './list-deployments.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

@PartnerController('v1/deployments')
export class ListDeploymentsController {
  private readonly cursors: ListCursorCodec;

  constructor(@Inject(GatewayPorts) private readonly ports: GatewayPorts) {
    this.cursors = new ListCursorCodec(ports.config.cursorSecret);
  }

  /** GET /v1/deployments: most recent first, cursor-paginated, from the inline read model. */
  @PublicOperation(listDeploymentsOperation)
  @Get()
  @Header('Cache-Control', NOT_CACHED)
  @Resource('list', 'deployment')
  async list(@Auth() auth: AuthenticatedKey, @Query() query: Record<string, unknown>): Promise<ListEnvelope<DeploymentResource>> {
    const { filters, limit, cursor } = parseListQuery(query);
    const scope = { workspaceId: auth.workspaceId, mode: auth.mode, filtersHash: filtersHash(filters) };
    const after = cursor === null ? null : this.cursors.decode(cursor, scope);
    const page = await listDeployments(this.ports.sql, scope, { filters, after, limit });
    const next = page.hasMore && page.last ? this.cursors.encode(scope, page.last) : null;
    return { object: 'list', data: page.deployments, next, has_more: page.hasMore };
  }
}
