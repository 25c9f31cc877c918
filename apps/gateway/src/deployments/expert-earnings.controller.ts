import { Readable } from 'node:stream';
import { Get, Inject, Query, Res } from '@nestjs/common';
import { DomainError, type ExpertRef } from '@eh/contracts';
import {
  earningsByPeriod,
  earningsExportPage,
  expertEarnings,
  type EarningsByPeriod,
  type EarningsCursor,
  type EarningsRange,
  type ExpertEarnings,
} from '@eh/deployments';
import type { SqlClient } from '@eh/platform';
import type { FastifyReply } from 'fastify';
import { SQL } from '../http/tokens';
import { CurrentExpert } from '../http/guards/expert.guard';
import { earningsCsvHeader, earningsCsvRow } from './expert-earnings-csv';
import { earningsFileName, parseEarningsRange, parsePeriod, parseTimeZone } from './expert-earnings-params';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import { exportEarningsOperation, getEarningsByPeriodOperation, getEarningsOperation } from './expert-earnings.openapi';
import { ExpertController } from '../http/guards/audience-controllers';

/** Rows read per query while exporting: memory stays bounded whatever the history's length. */
const EXPORT_PAGE_ROWS = 500;
/** Periods listed at most: two years of months, about ten months of weeks. */
const PERIODS_LIMIT = 45;

/** `GET /expert/v1/earnings`: finished work and the credits it earned; by period; as CSV. */
@ExpertController('expert/v1')
export class ExpertEarningsController {
  constructor(@Inject(SQL) private readonly sql: SqlClient) {}

  @ExpertOperation(getEarningsOperation)
  @Get('earnings')
  earnings(@CurrentExpert() expert: ExpertRef): Promise<ExpertEarnings> {
    return expertEarnings(this.sql, expert.id);
  }

  /** Credits per week or month in the expert's time zone, newest first, and the total. */
  @ExpertOperation(getEarningsByPeriodOperation)
  @Get('earnings/periods')
  async periods(@CurrentExpert() expert: ExpertRef, @Query('period') period?: unknown, @Query('time_zone') timeZone?: unknown): Promise<EarningsByPeriod> {
    const unit = parsePeriod(period);
    const zone = parseTimeZone(timeZone);
    try {
      return await earningsByPeriod(this.sql, expert.id, unit, zone, PERIODS_LIMIT);
    } catch (error) {
      // A name the runtime knows and PostgreSQL does not (22023: invalid parameter value).
      if ((error as { code?: string }).code === '22023') throw new DomainError('invalid_request', `time_zone ${zone} is not known to this server`, 'time_zone');
      throw error;
    }
  }

  /**
   * Completed work in [from, to) as CSV, oldest first, streamed page by page: a header row, then
   * one record per deployment. The parameters are checked before anything is sent, so a bad one
   * is an ordinary 400 in the API's shape.
   */
  @ExpertOperation(exportEarningsOperation)
  @Get('earnings.csv')
  exportCsv(@CurrentExpert() expert: ExpertRef, @Query('from') from: unknown, @Query('to') to: unknown, @Res() reply: FastifyReply): FastifyReply {
    const range = parseEarningsRange({ from, to });
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${earningsFileName(range)}"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(this.csvLines(expert.id, range)));
  }

  private async *csvLines(expertId: string, range: EarningsRange): AsyncGenerator<string> {
    yield earningsCsvHeader();
    let cursor: EarningsCursor | null = null;
    for (;;) {
      const rows = await earningsExportPage(this.sql, expertId, range, cursor, EXPORT_PAGE_ROWS);
      if (rows.length > 0) yield rows.map(earningsCsvRow).join('');
      if (rows.length < EXPORT_PAGE_ROWS) return;
      const last = rows[rows.length - 1];
      cursor = { completedAt: last.completed_at, deploymentId: last.deployment_id };
    }
  }
}
