import { Get, Inject, Param } from '@nestjs/common';
import { DomainError } from '@eh/contracts';
import { findMemoryEntry, type MemoryEntryResource } from '@eh/memory';
import type { SqlClient } from '@eh/platform';
import type { AuthenticatedKey } from '@eh/workspaces';
import { Auth } from '../http/guards/api-key.guard';
import { SQL } from '../http/tokens';
import { Resource } from '../http/versioning/resource.decorator';
import { checkMemoryKey } from './memory-key';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { getMemoryEntryOperation } from './get-memory-entry.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

@PartnerController('v1/memory')
export class GetMemoryEntryController {
  constructor(@Inject(SQL) private readonly sql: SqlClient) {}

  /** From the inline read model; another workspace's (or mode's) entry is 404 like a missing one. */
  @PublicOperation(getMemoryEntryOperation)
  @Get(':key')
  @Resource('memory_entry')
  async get(@Auth() auth: AuthenticatedKey, @Param('key') key: string): Promise<MemoryEntryResource> {
    checkMemoryKey(key, false);
    const entry = await findMemoryEntry(this.sql, { workspaceId: auth.workspaceId, mode: auth.mode }, key);
    if (!entry) throw new DomainError('not_found', `no memory entry ${key} in this workspace`, 'key');
    return entry;
  }
}
