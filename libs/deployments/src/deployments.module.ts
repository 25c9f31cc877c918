import { Module } from '@nestjs/common';
import { deploymentsViewMigrations } from './adapters/deployments-view.migrations';
import { deploymentsViewProjection } from './adapters/deployments-view.projection';
import { missedOffersMigrations } from './expert-work/missed-offers.migrations';
import { missedOffersProjection } from './expert-work/missed-offers.projection';
import { DeploymentTimers } from './routing/deployment-timers.runtime';
import { routingViewMigrations } from './routing/routing-view.migrations';
import { routingViewProjection } from './routing/routing-view.projection';

/**
 * The deployments context: the decider and its handlers (application/, expert-work/), the
 * deployment and routing read models, the synthetic expert, and the deployment clocks
 * (DeploymentTimers, run where background work runs). Every process that appends deployment
 * events mounts it: the gateway (create, cancel, reply, expert actions) and the router
 * (offers, timers, the synthetic expert).
 */
@Module({
  providers: [DeploymentTimers],
  exports: [DeploymentTimers],
})
export class DeploymentsModule {
  static readonly projections = [deploymentsViewProjection, routingViewProjection, missedOffersProjection];
  static readonly migrations = [...deploymentsViewMigrations, ...routingViewMigrations, ...missedOffersMigrations];
}
