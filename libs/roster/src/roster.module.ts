import { Module } from '@nestjs/common';
import { DeploymentsModule } from '@eh/deployments';
import { ExpertConnectedController } from './adapters/rpc/expert-connected.controller';
import { QuoteController } from './adapters/rpc/quote.controller';
import { expertCompletionsProjection } from './adapters/expert-completions.projection';
import { rosterViewMigrations } from './adapters/roster-view.migrations';
import { rosterViewProjection } from './adapters/roster-view.projection';
import { RoutingRuntime } from './reactors/routing.runtime';

/**
 * The roster context: experts (decider, credentials, console access), the pure matcher and
 * brief-fit, the quote, and routing (offers to one expert at a time). Its brief-fit evidence
 * is a projection of `deployment.completed`, so every process appending deployment events
 * mounts this module as well as DeploymentsModule.
 */
@Module({
  imports: [DeploymentsModule],
  controllers: [QuoteController, ExpertConnectedController],
  providers: [RoutingRuntime],
})
export class RosterModule {
  static readonly projections = [rosterViewProjection, expertCompletionsProjection];
  static readonly migrations = rosterViewMigrations;
}
