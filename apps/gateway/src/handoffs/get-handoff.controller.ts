import { Get, Inject, Param } from '@nestjs/common';
import { DomainError, isId } from '@eh/contracts';
import { findHandoff, type HandoffResource } from '@eh/handoffs';
import type { SqlClient } from '@eh/platform';
import type { AuthenticatedKey } from '@eh/workspaces';
import { Auth } from '../http/guards/api-key.guard';
import { SQL } from '../http/tokens';
import { Resource } from '../http/versioning/resource.decorator';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { getHandoffOperation } from './get-handoff.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

@PartnerController('v1/handoffs')
export class GetHandoffController {
  constructor(@Inject(SQL) private readonly sql: SqlClient) {}

  /** From the inline read model; another workspace's or mode's handoff is 404 like a missing one. */
  @PublicOperation(getHandoffOperation)
  @Get(':id')
  @Resource('handoff')
  async get(@Auth() auth: AuthenticatedKey, @Param('id') id: string): Promise<HandoffResource> {
    if (!isId('handoff', id)) throw new DomainError('not_found', `no handoff ${id}; handoff ids look like hnd_01J…`, 'id');
    const handoff = await findHandoff(this.sql, { workspaceId: auth.workspaceId, mode: auth.mode }, id);
    if (!handoff) throw new DomainError('not_found', `no handoff ${id} in this workspace`, 'id');
    return handoff;
  }
}
