import { Inject, Injectable } from '@nestjs/common';
import type { DeploymentEvent } from '@eh/contracts';
import { deploymentDecider, DeploymentTimers, type DeploymentState } from '@eh/deployments';
import { FollowedStreams, type ContextRuntimeDeclaration, type EventStore, type Reactor } from '@eh/event-store';
import { CONFIG, ContextRuntime, EVENT_STORE, SQL, type ServiceConfig, type SqlClient } from '@eh/platform';
import type { OfferDeps } from '../application/offer-deployment.handler';
import { reactToRosterEvent } from './roster-change.reactor';
import { FinishedAtBirth } from './finished-at-birth';
import { reactToDeployment } from './routing.reactor';

/**
 * What the router runs for the roster context: the routing reactor (every deployment event:
 * timers, the synthetic expert's next step, the next offer), the roster reactor (an expert
 * joining or coming online is offered the waiting deployments). The quote is a request
 * handler (adapters/rpc/quote.controller.ts).
 */
@ContextRuntime()
@Injectable()
export class RoutingRuntime implements ContextRuntimeDeclaration {
  readonly reactors: readonly Reactor[];

  constructor(
    @Inject(CONFIG) config: ServiceConfig,
    @Inject(SQL) sql: SqlClient,
    @Inject(EVENT_STORE) store: EventStore,
    timers: DeploymentTimers,
  ) {
    const { durations } = config;
    const offers: OfferDeps = { store, sql, offerTimeoutSeconds: durations.offerTimeoutSeconds, briefFitHalfLifeSeconds: durations.briefFitHalfLifeSeconds };
    const followed = new FollowedStreams<DeploymentEvent, DeploymentState>(deploymentDecider);
    const finishedAtBirth = new FinishedAtBirth();
    this.reactors = [
      {
        durable: 'router-deployments',
        subjects: 'deployment.>',
        handle: (event) => reactToDeployment({ ...offers, timers, replyWindowSeconds: durations.replyWindowSeconds, followed, finishedAtBirth }, event),
        // Several pullers, like replicas: one at a time held the router to ~250 events/s.
        // Safe by construction: every step appends with the revision it decided on.
        pullers: config.routerConsumers,
        // A redelivered event is decided again on the store: a step already taken is not taken twice.
        rerunnable: true,
      },
      { durable: 'router-roster', subjects: 'expert.>', handle: (event) => reactToRosterEvent(offers, event) },
    ];
  }
}
