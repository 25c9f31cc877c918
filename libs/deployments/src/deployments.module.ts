import { Module } from '@nestjs/common';
import { deploymentsViewMigrations } from './adapters/deployments-view.migrations';
import { deploymentsViewProjection } from './adapters/deployments-view.projection';
import { expertDraftsMigrations } from './adapters/expert-drafts.migrations';
import { expertDraftsProjection } from './adapters/expert-drafts.projection';
import { missedOffersMigrations } from './adapters/missed-offers.migrations';
import { missedOffersProjection } from './adapters/missed-offers.projection';

/**
 * The deployments context: the decider and its handlers, the deployment read models and the
 * synthetic expert. Every process that appends deployment events mounts it: the gateway
 * (create, cancel, reply, expert actions) and the router (offers, timers, the synthetic expert),
 * which also mounts the routing context that runs the deployment clocks.
 */
@Module({})
export class DeploymentsModule {
  static readonly projections = [deploymentsViewProjection, missedOffersProjection, expertDraftsProjection];
  static readonly migrations = [...deploymentsViewMigrations, ...missedOffersMigrations, ...expertDraftsMigrations];
}
