import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import type { ExpertRef } from '@eh/contracts';
import { missedOffersFor, type MissedOffer } from '@eh/deployments';
import type { ServiceConfig, SqlClient } from '@eh/platform';
import { CONFIG, SQL } from '../http/tokens';
import { CurrentExpert, ExpertGuard } from '../http/guards/expert.guard';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import { listMissedOffersOperation } from './expert-missed-offers.openapi';

const DAY_MS = 24 * 3600 * 1000;

/**
 * `GET /expert/v1/offers/missed`: offers this expert declined or let lapse lately, newest first.
 * Skills and the reservation only: the work is no longer theirs, so its brief stays hidden.
 */
@Controller('expert/v1')
@UseGuards(ExpertGuard)
export class ExpertMissedOffersController {
  constructor(
    @Inject(SQL) private readonly sql: SqlClient,
    @Inject(CONFIG) private readonly config: ServiceConfig,
  ) {}

  @ExpertOperation(listMissedOffersOperation)
  @Get('offers/missed')
  async missed(@CurrentExpert() expert: ExpertRef): Promise<{ data: MissedOffer[] }> {
    const { missedOffersDays, missedOffersLimit } = this.config.console;
    const since = new Date(Date.now() - missedOffersDays * DAY_MS);
    return { data: await missedOffersFor(this.sql, expert.id, since, missedOffersLimit) };
  }
}
