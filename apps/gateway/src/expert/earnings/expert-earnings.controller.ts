import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import type { ExpertRef } from '@eh/contracts';
import { expertEarnings, type ExpertEarnings } from '@eh/deployments';
import type { SqlClient } from '@eh/platform';
import { SQL } from '../../http/tokens';
import { CurrentExpert, ExpertGuard } from '../expert.guard';

/** `GET /expert/v1/earnings`: finished work and the credits it earned. */
@Controller('expert/v1')
@UseGuards(ExpertGuard)
export class ExpertEarningsController {
  constructor(@Inject(SQL) private readonly sql: SqlClient) {}

  @Get('earnings')
  earnings(@CurrentExpert() expert: ExpertRef): Promise<ExpertEarnings> {
    return expertEarnings(this.sql, expert.id);
  }
}
