import { Inject, Injectable, Module } from '@nestjs/common';
import { EventRelay, type BackgroundWorker, type ContextRuntimeDeclaration } from '@eh/event-store';
import { CONFIG, ContextRuntime, type ServiceConfig } from '@eh/platform';
import type { Database } from './database';
import type { Messaging } from './messaging';
import { DATABASE, MESSAGING } from './runtime.tokens';

/** Publishes every committed event to JetStream in store order (DESIGN.md "To NATS"); one leader, others stand by. */
@ContextRuntime()
@Injectable()
class RelayRuntime implements ContextRuntimeDeclaration {
  readonly workers: readonly BackgroundWorker[];

  constructor(@Inject(CONFIG) config: ServiceConfig, @Inject(DATABASE) database: Database, @Inject(MESSAGING) messaging: Messaging) {
    const relay = new EventRelay({ store: database.store, pool: database.pool, js: messaging.js, subjectPrefix: config.subjectPrefix, onError: (error) => console.error('relay error', error) });
    this.workers = [{ name: 'event relay', start: async () => relay.start(), stop: () => relay.stop() }];
  }
}

/** The relay's own module: it belongs to no context, it carries them all. */
@Module({ providers: [RelayRuntime] })
export class RelayModule {}
