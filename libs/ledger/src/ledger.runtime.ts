import { Inject } from '@nestjs/common';
import { LIVE_DEPLOYMENTS_SUBJECT } from '@eh/contracts';
import type { BackgroundWorker, ContextRuntimeDeclaration, Reactor } from '@eh/event-store';
import { CONFIG, ContextRuntime, SQL, startPeriodicTask, type PeriodicTask, type ServiceConfig, type SignalGauge, type SqlClient } from '@eh/platform';
import { ledgerGauges } from './adapters/ledger-signals';
import { CachedAccountRunner } from './application/account-runner';
import { AccountSerializer } from './application/account-serializer';
import { accountCommandFor, accountCommandForWorkspace, applyCreditReaction } from './application/credit-reactions';
import { releaseOrphans, rollEndedCycles } from './application/ledger-sweeps';
import { TestModeDeployments } from './application/test-mode-deployments';

/**
 * What the ledger runs besides its request handlers
 * (adapters/rpc/ledger-rpc.controller.ts): follows deployments to confirm, release and settle,
 * opens accounts for new workspaces, releases orphans and starts cycles. Every account command
 * of the process goes through one cached runner, queued per workspace (AccountSerializer),
 * where version conflicts are retried.
 */
@ContextRuntime()
export class LedgerRuntime implements ContextRuntimeDeclaration {
  readonly workers: readonly BackgroundWorker[];
  readonly reactors: readonly Reactor[];
  readonly gauges: readonly SignalGauge[];

  constructor(@Inject(CONFIG) config: ServiceConfig, @Inject(SQL) sql: SqlClient, runner: CachedAccountRunner, serializer: AccountSerializer) {
    const { run } = runner;
    const report = (what: string) => (error: unknown) => console.error(`ledger: ${what}`, error);
    const queue = <T>(workspaceId: string, work: () => Promise<T>): Promise<T> => serializer.run(workspaceId, work);
    let sweeps: PeriodicTask[] = [];
    this.workers = [
      {
        name: 'orphan sweep and cycle check',
        // Both run once at start too: a ledger that was down catches up at once.
        start: async () => {
          sweeps = [
            startPeriodicTask('orphan sweep', config.ledger.sweepIntervalMs, () => releaseOrphans(run, sql, new Date(), queue), report('orphan sweep')),
            startPeriodicTask('cycle check', config.ledger.cycleCheckIntervalMs, () => rollEndedCycles(run, sql, new Date(), queue), report('cycle check')),
          ];
        },
        stop: async () => {
          await Promise.all(sweeps.map((sweep) => sweep.stop()));
        },
      },
    ];
    // Open and stuck reservations, read when /metrics is scraped.
    this.gauges = ledgerGauges(sql);
    const testMode = new TestModeDeployments();
    // nats-server 2.9 takes one filter subject per consumer, hence one durable per category.
    this.reactors = [
      {
        durable: 'ledger',
        // Live deployments only: a test-mode deployment's events are never sent here (
        // deploymentModeQualifier). Of the rest, most (offers, accepts, questions) move no credits,
        // and so do test-mode events published before the qualifier: acked without touching PostgreSQL.
        subjects: LIVE_DEPLOYMENTS_SUBJECT,
        accepts: (event) => {
          testMode.learn(event);
          return !testMode.has(event) && accountCommandFor(event, event.metadata.occurred_at) !== null;
        },
        handle: async (event) => {
          await serializer.run(event.metadata.workspace_id, () => applyCreditReaction(run, event, accountCommandFor(event, new Date().toISOString())));
        },
        // Confirm, release and settle find nothing left to do once done, and their event ids derive
        // from the consumed event's: a redelivery changes nothing, so no processed_events row is kept.
        rerunnable: true,
        // Where the router is mounted too (the workers process), the live events it is sent anyway
        // are handled here as well, instead of each being sent a second time. Nothing needs their
        // order: confirm after settle finds no reservation, and settle takes an unconfirmed one.
        ridesOn: 'router-deployments',
      },
      {
        durable: 'ledger-workspaces',
        subjects: 'workspace.>',
        handle: async (event) => {
          await serializer.run(event.metadata.workspace_id, () => applyCreditReaction(run, event, accountCommandForWorkspace(event)));
        },
      },
    ];
  }
}
