import { Global, Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { EventStore } from '@eh/event-store';
import { CONFIG, EVENT_STORE, loadConfig, SQL, type ServiceConfig, type SqlClient } from '@eh/platform';
import type { ContextModule } from './context-modules';
import { openDatabase, type Database } from './database';
import { openMessaging, type Messaging } from './messaging';
import { DATABASE, MESSAGING, SERVICE_NAME } from './runtime.tokens';

export interface ServiceOptions {
  /** `router`, `ledger`…: logs, connection names. */
  name: string;
  /** The context modules the process mounts (and, through their imports, theirs). */
  modules: readonly ContextModule[];
  /** PostgreSQL connections in the pool. */
  poolSize: number;
}

/** Closes what the service opened, after every module has stopped using it (reactors stop before). */
@Injectable()
class InfrastructureShutdown implements OnApplicationShutdown {
  constructor(
    @Inject(MESSAGING) private readonly messaging: Messaging,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.messaging.close();
    await this.database.close();
  }
}

/**
 * What every context module injects (libs/platform infrastructure.tokens.ts), provided once
 * per process, globally, so the context modules a process mounts all see the same connections.
 */
@Global()
@Module({})
export class InfrastructureModule {
  /**
   * A service process: configuration from the environment, the database (waiting for
   * PostgreSQL rather than exiting) with exactly the mounted modules' projections,
   * and NATS with the events stream ensured.
   */
  static forService(options: ServiceOptions): DynamicModule {
    return {
      module: InfrastructureModule,
      providers: [
        { provide: SERVICE_NAME, useValue: options.name },
        { provide: CONFIG, useFactory: (): ServiceConfig => loadConfig() },
        {
          provide: DATABASE,
          inject: [CONFIG],
          useFactory: (config: ServiceConfig): Promise<Database> =>
            openDatabase(config, options.poolSize, [], { waitForServer: true, modules: options.modules, applicationName: options.name }),
        },
        { provide: SQL, inject: [DATABASE], useFactory: (database: Database): SqlClient => database.pool },
        { provide: EVENT_STORE, inject: [DATABASE], useFactory: (database: Database): EventStore => database.store },
        // After the database: a service started before PostgreSQL waits there first, as it always did.
        { provide: MESSAGING, inject: [CONFIG, DATABASE], useFactory: (config: ServiceConfig): Promise<Messaging> => openMessaging(config, options.name) },
        InfrastructureShutdown,
      ],
      exports: [SERVICE_NAME, CONFIG, DATABASE, SQL, EVENT_STORE, MESSAGING],
    };
  }

  /** Connections built by the caller (the gateway, which must listen before PostgreSQL answers; tests). */
  static forValues(values: { config: ServiceConfig; sql: SqlClient; store: EventStore }): DynamicModule {
    return {
      module: InfrastructureModule,
      providers: [
        { provide: CONFIG, useValue: values.config },
        { provide: SQL, useValue: values.sql },
        { provide: EVENT_STORE, useValue: values.store },
      ],
      exports: [CONFIG, SQL, EVENT_STORE],
    };
  }
}
