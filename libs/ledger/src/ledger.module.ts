import { Module } from '@nestjs/common';
import { CONFIG, EVENT_STORE, type ServiceConfig } from '@eh/platform';
import type { EventStore } from '@eh/event-store';
import { accountsViewProjection } from './adapters/accounts-view.projection';
import { ledgerViewMigrations } from './adapters/ledger-view.migrations';
import { reservationsViewProjection } from './adapters/reservations-view.projection';
import { usageHistoryMigrations, usageHistoryProjection } from './adapters/usage-history';
import { LedgerRpcController } from './adapters/rpc/ledger-rpc.controller';
import { ledgerPolicy } from './application/ledger-policy';
import { CachedAccountRunner } from './application/account-runner';
import { AccountSerializer } from './application/account-serializer';
import { LedgerRuntime } from './ledger.runtime';

/**
 * The ledger context: credit accounts. Its reservations view also projects
 * `deployment.created` (the fence against an orphan release, docs/decisions.md "Orphans"),
 * so the process that creates deployments (the gateway) mounts this module too.
 */
@Module({
  controllers: [LedgerRpcController],
  providers: [
    AccountSerializer,
    // One cached runner per process: every account command goes through it (and its queue).
    {
      provide: CachedAccountRunner,
      inject: [EVENT_STORE, CONFIG],
      useFactory: (store: EventStore, config: ServiceConfig) => new CachedAccountRunner(store, ledgerPolicy(config.ledger)),
    },
    LedgerRuntime,
  ],
})
export class LedgerModule {
  static readonly projections = [accountsViewProjection, reservationsViewProjection, usageHistoryProjection];
  static readonly migrations = [...ledgerViewMigrations, ...usageHistoryMigrations];
}
