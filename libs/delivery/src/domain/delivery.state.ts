/**
 * The state of one `delivery-<del_id>` stream: a tagged union on `status`.
 * `scheduled` waits for the first attempt of a round (initial or replay), `retrying` for a
 * retry; `succeeded`, `failed` (4xx acknowledged) and `dead_lettered` are final, except that a
 * dead letter can be replayed.
 */
import type { DeliveryAttempted, DeliveryScheduled } from '@eh/contracts';

export type DeliveryDetails = DeliveryScheduled['data'];
export type AttemptRecord = Omit<DeliveryAttempted['data'], 'delivery_id'>;

interface Known {
  details: DeliveryDetails;
  /** Attempts made over the delivery's whole life (replays continue the count). */
  attempts: number;
  /** Failed attempts since the round began: indexes the retry schedule. */
  round_failures: number;
  last_attempt: AttemptRecord | null;
  updated_at: string;
}

interface Waiting extends Known {
  /** The number the next attempt will carry: `attempts + 1`. */
  next_attempt: number;
  next_attempt_at: string;
}

export interface InitialDelivery {
  status: 'initial';
}

export interface ScheduledDelivery extends Waiting {
  status: 'scheduled';
}

export interface RetryingDelivery extends Waiting {
  status: 'retrying';
}

export interface SucceededDelivery extends Known {
  status: 'succeeded';
  succeeded_at: string;
}

export interface FailedDelivery extends Known {
  status: 'failed';
  status_code: number;
  failed_at: string;
}

export interface DeadLetteredDelivery extends Known {
  status: 'dead_lettered';
  last_error: string;
  dead_lettered_at: string;
}

export type DeliveryState = InitialDelivery | ScheduledDelivery | RetryingDelivery | SucceededDelivery | FailedDelivery | DeadLetteredDelivery;

export type PendingDelivery = ScheduledDelivery | RetryingDelivery;
export type ExistingDelivery = Exclude<DeliveryState, InitialDelivery>;
export type DeliveryStatus = ExistingDelivery['status'];

export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['scheduled', 'retrying', 'succeeded', 'failed', 'dead_lettered'];

export const isPending = (state: DeliveryState): state is PendingDelivery => state.status === 'scheduled' || state.status === 'retrying';

export const initialDeliveryState: DeliveryState = Object.freeze({ status: 'initial' });
