import { Module } from '@nestjs/common';
import { accountsViewProjection } from './adapters/accounts-view.projection';
import { ledgerViewMigrations } from './adapters/ledger-view.migrations';
import { reservationsViewProjection } from './adapters/reservations-view.projection';
import { usageHistoryMigrations, usageHistoryProjection } from './adapters/usage-history';
import { AccountSerializer } from './application/account-serializer';
import { LedgerRuntime } from './application/ledger.runtime';

/**
 * The ledger context (issue 4): credit accounts. Its reservations view also projects
 * `deployment.created` (the fence against an orphan release, docs/decisions.md "Orphans"),
 * so the process that creates deployments (the gateway) mounts this module too.
 */
@Module({
  providers: [AccountSerializer, LedgerRuntime],
})
export class LedgerModule {
  static readonly projections = [accountsViewProjection, reservationsViewProjection, usageHistoryProjection];
  static readonly migrations = [...ledgerViewMigrations, ...usageHistoryMigrations];
}
