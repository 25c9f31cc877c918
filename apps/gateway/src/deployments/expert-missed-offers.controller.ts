import { Get, Inject } from '@nestjs/common';
import type { ExpertRef } from '@eh/contracts';
import { missedOffersFor, type MissedOffer } from '@eh/deployments';
import { CurrentExpert } from '../http/guards/expert.guard';
import { GatewayPorts } from '../http/gateway-ports';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import { listMissedOffersOperation } from './expert-missed-offers.openapi';
import { ExpertController } from '../http/guards/audience-controllers';

const DAY_MS = 24 * 3600 * 1000;

/**
 * `GET /expert/v1/offers/missed`: offers this expert declined or let lapse lately, newest first.
 * Skills and the reservation only: the work is no longer theirs, so its brief stays hidden.
 */
@ExpertController('expert/v1')
export class ExpertMissedOffersController {
  constructor(@Inject(GatewayPorts) private readonly ports: GatewayPorts) {}

  @ExpertOperation(listMissedOffersOperation)
  @Get('offers/missed')
  async missed(@CurrentExpert() expert: ExpertRef): Promise<{ data: MissedOffer[] }> {
    const { missedOffersDays, missedOffersLimit } = this.ports.config.console;
    const since = new Date(Date.now() - missedOffersDays * DAY_MS);
    return { data: await missedOffersFor(this.ports.sql, expert.id, since, missedOffersLimit) };
  }
}
