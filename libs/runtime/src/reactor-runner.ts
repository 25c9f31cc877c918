import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { JetStreamEventConsumer, type BackgroundWorker, type ContextRuntimeDeclaration, type Reactor } from '@eh/event-store';
import { CONFIG, ContextRuntime, initReactorSignals, isConsumerNotFound, registerGauge, retryTransientJetStream, type ServiceConfig } from '@eh/platform';
import { consumerLagGauges } from './consumer-lag.gauges';
import type { Database } from './database';
import type { Messaging } from './messaging';
import { composeReactors, type ReplacedDurable } from './reactor-riders';
import { RetiredDurableDrain } from './retired-durable';
import { DATABASE, MESSAGING, SERVICE_NAME } from './runtime.tokens';

/**
 * The one place reactors become JetStream durable consumers: at bootstrap it finds every `@ContextRuntime()` provider of the mounted modules,
 * starts their workers, then their reactors (`pullers` consumers each, under the configured
 * SUBJECT_PREFIX; a reactor riding on a mounted one's durable is handled on its deliveries, and
 * its own durable drained and deleted); at shutdown it stops them in the other order.
 */
@Injectable()
export class ReactorRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly workers: BackgroundWorker[] = [];
  private readonly consumers: JetStreamEventConsumer[] = [];
  private readonly drains: RetiredDurableDrain[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(SERVICE_NAME) private readonly name: string,
    @Inject(CONFIG) private readonly config: ServiceConfig,
    @Inject(MESSAGING) private readonly messaging: Messaging,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** Every declaration of the mounted modules (a module imported twice is one instance). */
  declarations(): ContextRuntimeDeclaration[] {
    return this.discovery
      .getProviders({ metadataKey: ContextRuntime.KEY })
      .map((wrapper) => wrapper.instance as ContextRuntimeDeclaration | undefined)
      .filter((instance): instance is ContextRuntimeDeclaration => instance !== undefined);
  }

  async onApplicationBootstrap(): Promise<void> {
    const declarations = this.declarations();
    for (const worker of declarations.flatMap((declaration) => declaration.workers ?? [])) {
      await worker.start();
      this.workers.push(worker);
    }
    const { running: reactors, retired, replaced } = composeReactors(declarations.flatMap((declaration) => declaration.reactors ?? []));
    // Read before any successor exists: a successor created while its predecessor remains begins at
    // the stream's next event, and everything before is drained from the predecessor.
    const predecessorsLeft = await this.existingDurables(replaced.map((predecessor) => predecessor.durable));
    for (const reactor of reactors) await this.startReactor(reactor, reactor.replaces?.some((retired) => predecessorsLeft.has(retired.durable)) ?? false);
    for (const rider of retired) this.drainRetired(rider, rider.ridesOn ?? '');
    for (const predecessor of replaced) {
      const successors = reactors
        .filter((reactor) => reactor.replaces?.some((retired) => retired.durable === predecessor.durable))
        .map((reactor) => reactor.durable);
      if (predecessorsLeft.has(predecessor.durable)) this.drainRetired(predecessor, successors.join(', '));
    }
    // The contexts' gauges and each durable's lag, computed when /metrics is scraped.
    for (const gauge of [
      ...declarations.flatMap((declaration) => declaration.gauges ?? []),
      ...consumerLagGauges(
        this.messaging.jsm,
        this.config.natsStream,
        reactors.map((reactor) => reactor.durable),
      ),
    ]) {
      registerGauge(gauge);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.drains.splice(0).map((drain) => drain.stop()));
    await Promise.all(this.consumers.splice(0).map((consumer) => consumer.stop()));
    for (const worker of this.workers.splice(0).reverse()) await worker.stop();
  }

  /** Which of these durables exist on the events stream now. */
  private async existingDurables(durables: readonly string[]): Promise<Set<string>> {
    const existing = new Set<string>();
    for (const durable of durables) {
      const exists = await retryTransientJetStream(() =>
        this.messaging.jsm.consumers.info(this.config.natsStream, durable).then(
          () => true,
          (error: unknown) => {
            if (isConsumerNotFound(error)) return false;
            throw error;
          },
        ),
      );
      if (exists) existing.add(durable);
    }
    return existing;
  }

  private drainRetired(rider: ReplacedDurable, successor: string): void {
    const drain = new RetiredDurableDrain(rider, {
      successor,
      untilFirstOn: rider.untilFirstOn,
      js: this.messaging.js,
      jsm: this.messaging.jsm,
      pool: this.database.pool,
      streamName: this.config.natsStream,
      subjectPrefix: this.config.subjectPrefix,
      ackWaitMs: rider.ackWaitMs,
      onError: (error, event) => console.error(`${this.name} ${rider.durable} (retired): event ${event?.id ?? '?'} failed`, error),
    });
    drain.start();
    this.drains.push(drain);
  }

  private async startReactor(reactor: Reactor, fromNextEvent: boolean): Promise<void> {
    initReactorSignals(reactor.durable);
    for (let puller = 0; puller < (reactor.pullers ?? 1); puller++) {
      const consumer = new JetStreamEventConsumer({
        js: this.messaging.js,
        jsm: this.messaging.jsm,
        pool: this.database.pool,
        streamName: this.config.natsStream,
        subjectPrefix: this.config.subjectPrefix,
        ackWaitMs: reactor.ackWaitMs,
        onError: (error, event) => console.error(`${this.name} ${reactor.durable}: event ${event?.id ?? '?'} failed`, error),
      });
      await consumer.start({
        durableName: reactor.durable,
        filterSubject: `${this.config.subjectPrefix}.${reactor.subjects}`,
        handler: reactor.handle,
        accepts: reactor.accepts,
        rerunnable: reactor.rerunnable,
        fromNextEvent,
        concurrency: reactor.concurrency,
      });
      this.consumers.push(consumer);
    }
  }
}
