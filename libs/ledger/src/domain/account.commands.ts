/**
 * Commands on one `account-<workspace_id>` stream. `now`, ids and deadlines come in with the
 * command; every command names its workspace so the first one can open
 * the account.
 */
import type { Actor, ReleaseReason } from '@eh/contracts';
import type { PlanChanges } from './account-plan';

interface AccountCommandBase {
  workspaceId: string;
  now: string;
}

/** The workspace was created: open its account, cycle starting then (`now` = its creation time). */
export interface OpenAccountCommand extends AccountCommandBase {
  type: 'open';
}

/** Hold credits for a deployment about to be created. */
export interface ReserveCredits extends AccountCommandBase {
  type: 'reserve';
  deploymentId: string;
  amount: number;
  /** Orphan deadline, from configuration. */
  expiresAt: string;
}

/** `deployment.created` was appended. */
export interface ConfirmReservation extends AccountCommandBase {
  type: 'confirm';
  deploymentId: string;
}

/** `deployment.cancelled` or `deployment.expired`: everything held goes back. */
export interface ReleaseCredits extends AccountCommandBase {
  type: 'release';
  deploymentId: string;
  reason: Exclude<ReleaseReason, 'orphaned'>;
}

/**
 * The sweeper: an unconfirmed reservation past its deadline, whose deployment never came to exist.
 * `abandoned`: the gateway reports that its create failed after the reserve, so the deadline
 * is not awaited; the reservations view still refuses it if the deployment was appended after all.
 */
export interface ReleaseOrphan extends AccountCommandBase {
  type: 'release_orphan';
  deploymentId: string;
  abandoned?: boolean;
}

/** `deployment.completed` with the expert's reported charge. */
export interface SettleCredits extends AccountCommandBase {
  type: 'settle';
  deploymentId: string;
  reportedCharge: number;
}

/** Operations add credits (a top-up); they carry over from cycle to cycle. */
export interface GrantCredits extends AccountCommandBase {
  type: 'grant';
  credits: number;
  note: string;
  /** The operator's id for this grant; repeating it grants nothing. */
  reference: string | null;
  /** Who granted it (the audit log); absent from older callers. */
  actor?: Actor;
}

export interface ChangePlan extends AccountCommandBase {
  type: 'change_plan';
  changes: PlanChanges;
  /** Who changed it (the audit log). */
  actor?: Actor;
}

/** The periodic check: start the next cycle if this one has ended. */
export interface RollCycle extends AccountCommandBase {
  type: 'roll_cycle';
}

export type AccountCommand =
  | OpenAccountCommand
  | ReserveCredits
  | ConfirmReservation
  | ReleaseCredits
  | ReleaseOrphan
  | SettleCredits
  | GrantCredits
  | ChangePlan
  | RollCycle;

export type AccountCommandType = AccountCommand['type'];
