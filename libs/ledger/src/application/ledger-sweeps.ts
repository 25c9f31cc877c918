import { DomainError, newId } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import { findDueOrphans, findEndedCycles } from '../adapters/ledger-sweeps.query';
import type { AccountRunner } from './account-runner';

/** Lets the ledger queue a sweep's command behind the other commands of the same account. */
export type AccountQueue = <T>(workspaceId: string, work: () => Promise<T>) => Promise<T>;
const unqueued: AccountQueue = (_, work) => work();

export interface SweepResult {
  released: number;
  skipped: number;
}

/**
 * Releases reservations whose deployment never came to exist by their deadline (the gateway
 * died between reserve and append). Driven by the read model, so it survives any restart:
 * run it periodically and at start. A deployment appended at the last moment wins (the
 * reservations view fences the two), and that release is skipped.
 */
export async function releaseOrphans(run: AccountRunner, sql: SqlClient, now: Date, queue: AccountQueue = unqueued): Promise<SweepResult> {
  const result: SweepResult = { released: 0, skipped: 0 };
  for (const orphan of await findDueOrphans(sql, now)) {
    try {
      const { events } = await queue(orphan.workspace_id, () =>
        run(
          { type: 'release_orphan', workspaceId: orphan.workspace_id, deploymentId: orphan.deployment_id, now: now.toISOString() },
          { correlationId: newId('request'), causationId: null },
        ),
      );
      if (events.length > 0) result.released += 1;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'concurrent_modification')) throw error;
      result.skipped += 1;
    }
  }
  return result;
}

/** Starts the next cycle of every account whose cycle has ended (any command would too; this covers idle accounts). */
export async function rollEndedCycles(run: AccountRunner, sql: SqlClient, now: Date, queue: AccountQueue = unqueued): Promise<number> {
  let rolled = 0;
  for (const workspaceId of await findEndedCycles(sql, now)) {
    const { events } = await queue(workspaceId, () =>
      run({ type: 'roll_cycle', workspaceId, now: now.toISOString() }, { correlationId: newId('request'), causationId: null }),
    );
    if (events.length > 0) rolled += 1;
  }
  return rolled;
}
