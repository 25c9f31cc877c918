import { Inject, Injectable } from '@nestjs/common';
import { DeploymentTimers } from '@eh/deployments';
import type { BackgroundWorker, ContextRuntimeDeclaration, EventStore, Reactor } from '@eh/event-store';
import { CONFIG, ContextRuntime, EVENT_STORE, NATS_CONNECTION, SQL, type ServiceConfig, type SqlClient } from '@eh/platform';
import type { NatsConnection, Subscription } from 'nats';
import { startQuoteResponder } from '../adapters/quote.responder';
import type { OfferDeps } from '../application/offer-deployment.handler';
import { reactToRosterEvent } from './roster-change.reactor';
import { reactToDeployment } from './routing.reactor';

/**
 * What the router runs for the roster context: the routing reactor (every deployment event:
 * timers, the synthetic expert's next step, the next offer), the roster reactor (an expert
 * joining or coming online is offered the waiting deployments), and the quote responder.
 */
@ContextRuntime()
@Injectable()
export class RoutingRuntime implements ContextRuntimeDeclaration {
  readonly workers: readonly BackgroundWorker[];
  readonly reactors: readonly Reactor[];

  constructor(
    @Inject(CONFIG) config: ServiceConfig,
    @Inject(SQL) sql: SqlClient,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(NATS_CONNECTION) nats: NatsConnection,
    timers: DeploymentTimers,
  ) {
    const { durations } = config;
    const offers: OfferDeps = { store, sql, offerTimeoutSeconds: durations.offerTimeoutSeconds, briefFitHalfLifeSeconds: durations.briefFitHalfLifeSeconds };
    let quotes: Subscription | undefined;
    this.workers = [
      {
        name: 'quote responder',
        start: async () => {
          quotes = startQuoteResponder(nats, sql, config.subjectPrefix);
        },
        stop: async () => quotes?.unsubscribe(),
      },
    ];
    this.reactors = [
      {
        durable: 'router-deployments',
        subjects: 'deployment.>',
        handle: (event) => reactToDeployment({ ...offers, timers, replyWindowSeconds: durations.replyWindowSeconds }, event),
      },
      { durable: 'router-roster', subjects: 'expert.>', handle: (event) => reactToRosterEvent(offers, event) },
    ];
  }
}
