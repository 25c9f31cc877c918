import { Get, Inject, Query } from '@nestjs/common';
import { listMemoryEntries, type MemoryEntryResource } from '@eh/memory';
import type { SqlClient } from '@eh/platform';
import type { AuthenticatedKey } from '@eh/workspaces';
import { Auth } from '../http/guards/api-key.guard';
import type { ListEnvelope } from '../http/list-envelope';
import { SQL } from '../http/tokens';
import { Resource } from '../http/versioning/resource.decorator';
import { encodeMemoryCursor, parseListMemoryQuery } from './list-memory.query';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { listMemoryOperation } from './list-memory.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

@PartnerController('v1/memory')
export class ListMemoryController {
  constructor(@Inject(SQL) private readonly sql: SqlClient) {}

  /** The caller's entries in key order, whole (as GET /v1/deployments lists whole objects), `?kind=` to filter. */
  @PublicOperation(listMemoryOperation)
  @Get()
  @Resource('list', 'memory_entry')
  async list(@Auth() auth: AuthenticatedKey, @Query() query: Record<string, unknown>): Promise<ListEnvelope<MemoryEntryResource>> {
    const { kind, limit, after } = parseListMemoryQuery(query);
    const page = await listMemoryEntries(this.sql, { workspaceId: auth.workspaceId, mode: auth.mode }, { kind, after, limit });
    const last = page.entries[page.entries.length - 1];
    return { object: 'list', data: page.entries, next: page.hasMore && last ? encodeMemoryCursor(last.key) : null, has_more: page.hasMore };
  }
}
