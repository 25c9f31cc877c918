import { Get, Inject, Param, Query } from '@nestjs/common';
import { DomainError, isId } from '@eh/contracts';
import { listNotificationSends, type NotificationSendView } from '@eh/notifications';
import type { SqlClient } from '@eh/platform';
import { findExpert } from '@eh/routing';
import type { ListEnvelope } from '../http/list-envelope';
import { decodePositionCursor, encodePositionCursor, parseLimit, refuseUnknownParameters, singleParameter } from '../http/list-query.rules';
import { SQL } from '../http/tokens';
import { AdminOperation } from '../docs/openapi/operation.decorators';
import { listOperation } from './admin-expert-notifications.openapi';
import { AdminController } from '../http/guards/audience-controllers';

/**
 * `GET /admin/v1/experts/:id/notifications`: what was sent to the expert, on which channel, and
 * how it ended (sent, failed, skipped, gone; pending or retrying while under way), newest first.
 */
@AdminController('admin/v1/experts')
export class AdminExpertNotificationsController {
  constructor(@Inject(SQL) private readonly sql: SqlClient) {}

  @AdminOperation(listOperation)
  @Get(':id/notifications')
  async list(@Param('id') id: string, @Query() query: Record<string, unknown>): Promise<ListEnvelope<NotificationSendView>> {
    refuseUnknownParameters(query, ['limit', 'cursor']);
    const limit = parseLimit(singleParameter(query, 'limit'));
    const cursor = singleParameter(query, 'cursor');
    const afterSeq = cursor === undefined ? null : Number(decodePositionCursor(cursor, (value) => /^\d{1,18}$/.test(value)));
    if (!isId('expert', id) || !(await findExpert(this.sql, id))) throw new DomainError('not_found', `no expert ${id}`, 'id');
    const page = await listNotificationSends(this.sql, id, limit, afterSeq);
    const next = page.hasMore && page.lastSeq !== null ? encodePositionCursor(String(page.lastSeq)) : null;
    return { object: 'list', data: page.data, next, has_more: next !== null };
  }
}
