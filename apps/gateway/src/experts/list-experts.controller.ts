import { Get, Inject, Query } from '@nestjs/common';
import type { SqlClient } from '@eh/platform';
import { listRoster, type RosterEntry } from '@eh/routing';
import type { ListEnvelope } from '../http/list-envelope';
import { SQL } from '../http/tokens';
import { encodeRosterCursor, parseListExpertsQuery } from './list-experts.query';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { listExpertsOperation } from './list-experts.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

/**
 * GET /v1/experts: the active roster, `{data, next}` (plus `object` and `has_more`, as
 * every list: docs/decisions.md). The roster is the same for every workspace and both modes: its
 * skills are the tags to use on create.
 */
@PartnerController('v1/experts')
export class ListExpertsController {
  constructor(@Inject(SQL) private readonly sql: SqlClient) {}

  @PublicOperation(listExpertsOperation)
  @Get()
  async list(@Query() query: Record<string, unknown>): Promise<ListEnvelope<RosterEntry>> {
    const { limit, afterId } = parseListExpertsQuery(query);
    // One more than asked tells whether another page exists without a count.
    const rows = await listRoster(this.sql, { afterId, limit: limit + 1 });
    const data = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    return { object: 'list', data, next: hasMore ? encodeRosterCursor(data[data.length - 1].id) : null, has_more: hasMore };
  }
}
