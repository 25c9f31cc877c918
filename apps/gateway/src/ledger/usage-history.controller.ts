import { Get, Inject, Req } from '@nestjs/common';
import { usageHistory, type UsageDay } from '@eh/ledger';
import type { SqlClient } from '@eh/platform';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';
import { Auth } from '../http/guards/api-key.guard';
import { invalidQuery, refuseUnknownParameters, singleParameter } from '../http/list-query.rules';
import { SQL } from '../http/tokens';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { getUsageHistoryOperation } from './usage-history.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

export interface UsageHistoryResource {
  object: 'usage_history';
  days: UsageDay[];
}

/**
 * `GET /v1/usage/history`: credits charged per UTC day, for the overview's burn chart. Test
 * mode bills nothing, so a test key sees the days with zeros.
 */
@PartnerController('v1/usage/history')
export class UsageHistoryController {
  constructor(@Inject(SQL) private readonly sql: SqlClient) {}

  @PublicOperation(getUsageHistoryOperation)
  @Get()
  async get(@Auth() auth: AuthenticatedKey, @Req() request: FastifyRequest): Promise<UsageHistoryResource> {
    const query = request.query as Record<string, unknown>;
    refuseUnknownParameters(query, ['days']);
    const raw = singleParameter(query, 'days') ?? '30';
    const days = /^\d{1,2}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(days >= 1 && days <= 90)) throw invalidQuery('days', 'days must be an integer from 1 to 90');
    const series = await usageHistory(this.sql, auth.workspaceId, new Date(), days);
    return { object: 'usage_history', days: auth.mode === 'test' ? series.map((day) => ({ ...day, credits_charged: 0, deployments_completed: 0 })) : series };
  }
}
