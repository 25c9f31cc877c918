import { Inject, Module } from '@nestjs/common';
import { DEFAULT_BUNDLE_LIMITS, EventRelay, relayLag, type BackgroundWorker, type ContextRuntimeDeclaration } from '@eh/event-store';
import { deploymentCreationMayWait } from '@eh/contracts';
import { CONFIG, ContextRuntime, sharedReading, type ServiceConfig, type SignalGauge } from '@eh/platform';
import { declaredBusCopies } from './context-modules';
import type { Database } from './database';
import type { Messaging } from './messaging';
import { RELAY_QUALIFIERS } from './relay-qualifiers';
import { DATABASE, MESSAGING } from './runtime.tokens';

/** Publishes every committed event to JetStream in store order; one leader, others stand by. */
@ContextRuntime()
class RelayRuntime implements ContextRuntimeDeclaration {
  readonly workers: readonly BackgroundWorker[];
  readonly gauges: readonly SignalGauge[];

  constructor(@Inject(CONFIG) config: ServiceConfig, @Inject(DATABASE) database: Database, @Inject(MESSAGING) messaging: Messaging) {
    const relay = new EventRelay({
      store: database.store,
      pool: database.pool,
      js: messaging.js,
      subjectPrefix: config.subjectPrefix,
      qualifiers: RELAY_QUALIFIERS,
      bundleLimits: { ...DEFAULT_BUNDLE_LIMITS, maxEvents: config.relayBundleMaxEvents },
      deferral: { ...deploymentCreationMayWait, maxWaitMs: config.relayDeferMs },
      // What the contexts' consumers read a second time, each on its own subject.
      copies: declaredBusCopies.map((declare) => declare(database.pool)),
      onError: (error) => console.error('relay error', error),
    });
    this.workers = [{ name: 'event relay', start: async () => relay.start(), stop: () => relay.stop() }];
    // From the saved checkpoint, so the leader and the standby report the same lag.
    const lag = sharedReading(() => relayLag(database.pool, relay.name));
    this.gauges = [
      { name: 'eh_relay_lag_events', help: 'Events stored but not yet published by the relay.', collect: async () => [{ value: (await lag()).events }] },
      {
        name: 'eh_relay_lag_seconds',
        help: 'Age of the oldest event the relay has not yet published (0 when none waits).',
        collect: async () => [{ value: (await lag()).seconds }],
      },
      { name: 'eh_relay_leader', help: '1 while this replica holds the relay lock and publishes.', collect: async () => [{ value: relay.active ? 1 : 0 }] },
    ];
  }
}

/** The relay's own module: it belongs to no context, it carries them all. */
@Module({ providers: [RelayRuntime] })
export class RelayModule {}
