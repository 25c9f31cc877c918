import type { AccountPlan, UsageThreshold } from '@eh/contracts';

/** Credits held for one live deployment, from reserve until release or settlement. */
export interface Reservation {
  /** Reservation id = deployment id. */
  deploymentId: string;
  amount: number;
  fromAllowance: number;
  fromTopup: number;
  /** The cycle whose allowance it drew on: returned allowance of an ended cycle expires. */
  cycleStart: string;
  /** Orphan deadline: unconfirmed past it, the ledger releases it. */
  expiresAt: string;
  /** `deployment.created` was seen: the deployment exists. */
  confirmed: boolean;
}

export interface OpenAccount {
  status: 'open';
  workspaceId: string;
  plan: AccountPlan;
  cycleStart: string;
  cycleEnd: string;
  /** This cycle's plan credits not yet drawn; expires at cycle end. */
  allowance: number;
  /** Credits granted by operations not yet drawn; carried over. */
  topup: number;
  reservations: Readonly<Record<string, Reservation>>;
  chargedThisCycle: number;
  deploymentsThisCycle: number;
  thresholdsReached: readonly UsageThreshold[];
  /** References of grants already applied, so a repeated grant adds nothing. */
  grantReferences: readonly string[];
}

/** A tagged union on `status`. */
export type AccountState = { status: 'unopened' } | OpenAccount;

export const initialAccountState: AccountState = { status: 'unopened' };

/** The usage object's `credits_remaining`. */
export const creditsRemaining = (account: OpenAccount): number => account.allowance + account.topup;

export const creditsReserved = (account: OpenAccount): number => Object.values(account.reservations).reduce((sum, reservation) => sum + reservation.amount, 0);

export const inFlight = (account: OpenAccount): number => Object.keys(account.reservations).length;

/** What the usage thresholds measure: charged this cycle plus what is held now. */
export const consumedThisCycle = (account: OpenAccount): number => account.chargedThisCycle + creditsReserved(account);
