import type { Migration } from '@eh/platform';

/**
 * The ledger's read models, inline projections of `account-<ws>` streams (rebuildable):
 * - `accounts_view`: one row per account, what GET /v1/usage and the cycle roller read;
 * - `account_reservations_view`: open reservations, what the orphan sweeper reads, and the
 *   fence between an orphan release and a late `deployment.created` (reservations-view.projection.ts);
 * - `account_charges_view`: one row per settlement, for the burn rate.
 */
export const ledgerViewMigrations: readonly Migration[] = [
  {
    id: 'ledger/001-views',
    sql: `
      CREATE TABLE accounts_view (
        workspace_id text PRIMARY KEY,
        plan jsonb NOT NULL,
        cycle_start timestamptz NOT NULL,
        cycle_end timestamptz NOT NULL,
        allowance bigint NOT NULL,
        topup bigint NOT NULL,
        reserved bigint NOT NULL DEFAULT 0,
        in_flight integer NOT NULL DEFAULT 0,
        charged_this_cycle bigint NOT NULL DEFAULT 0,
        deployments_this_cycle integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX accounts_view_cycle_end ON accounts_view (cycle_end);
      CREATE TABLE account_reservations_view (
        deployment_id text PRIMARY KEY,
        workspace_id text NOT NULL,
        amount bigint NOT NULL,
        status text NOT NULL CHECK (status IN ('held', 'orphaned')),
        confirmed boolean NOT NULL DEFAULT false,
        deployment_created boolean NOT NULL DEFAULT false,
        expires_at timestamptz NOT NULL,
        reserved_at timestamptz NOT NULL
      );
      CREATE INDEX account_reservations_due ON account_reservations_view (expires_at)
        WHERE status = 'held' AND NOT confirmed AND NOT deployment_created;
      CREATE TABLE account_charges_view (
        deployment_id text PRIMARY KEY,
        workspace_id text NOT NULL,
        charged bigint NOT NULL,
        settled_at timestamptz NOT NULL
      );
      CREATE INDEX account_charges_recent ON account_charges_view (workspace_id, settled_at);
    `,
  },
  {
    // The fence between an orphan release and a late `deployment.created`, kept by the row itself
    // (reservations-view.projection.ts): whichever of the two writes the row second fails. NOT VALID:
    // checked on every row written from now on; the rows already there were fenced by the reads
    // before, so none is both, and the table is not scanned under an exclusive lock at deploy.
    id: 'ledger/002-reservation-fence',
    sql: `ALTER TABLE account_reservations_view ADD CONSTRAINT account_reservations_fence CHECK (NOT (deployment_created AND status = 'orphaned')) NOT VALID`,
  },
];
