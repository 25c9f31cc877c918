import { Module } from '@nestjs/common';
import { DeploymentsModule } from '@eh/deployments';
import { expertCompletionsProjection } from './adapters/expert-completions.projection';
import { ExpertConnectedController } from './adapters/rpc/expert-connected.controller';
import { QuoteController } from './adapters/rpc/quote.controller';
import { rosterViewMigrations } from './adapters/roster-view.migrations';
import { rosterViewProjection } from './adapters/roster-view.projection';
import { routingViewMigrations } from './adapters/routing-view.migrations';
import { routingViewProjection } from './adapters/routing-view.projection';
import { RoutingRuntime } from './routing.runtime';

/**
 * The routing context: the experts on the roster (decider, credentials, console access), the
 * pure matcher and brief-fit, the quote, the offers to one expert at a time, and the deployment
 * clocks that move a deployment on (the routing view, its timers). Its brief-fit evidence and
 * routing view are projections of deployment events, so every process appending deployment
 * events mounts this module as well as DeploymentsModule.
 */
@Module({
  imports: [DeploymentsModule],
  controllers: [QuoteController, ExpertConnectedController],
  providers: [RoutingRuntime],
})
export class RoutingModule {
  static readonly projections = [rosterViewProjection, expertCompletionsProjection, routingViewProjection];
  static readonly migrations = [...rosterViewMigrations, ...routingViewMigrations];
}
