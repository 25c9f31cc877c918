/**
 * An overdue retry: a pending delivery whose attempt time passed more than a threshold ago with
 * no attempt made (the queue lost it, or the workers cannot keep up). Time-dependent, so worked
 * out when a delivery is read, never stored in the read model.
 */
import type { DeliveryResource } from './delivery.resource';

export interface PresentedDelivery extends DeliveryResource {
  /** True while its attempt is more than the threshold (WEBHOOK_OVERDUE_AFTER_SECONDS) past due and not made. */
  overdue: boolean;
}

export function isOverdue(delivery: Pick<DeliveryResource, 'status' | 'next_attempt_at'>, now: Date, overdueAfterMs: number): boolean {
  if (delivery.status !== 'scheduled' && delivery.status !== 'retrying') return false;
  if (delivery.next_attempt_at === null) return false;
  return Date.parse(delivery.next_attempt_at) < now.getTime() - overdueAfterMs;
}

export const withOverdue = <T extends DeliveryResource>(delivery: T, now: Date, overdueAfterMs: number): T & { overdue: boolean } => ({
  ...delivery,
  overdue: isOverdue(delivery, now, overdueAfterMs),
});

/** The `next_attempt_at` before which a pending delivery counts as overdue at `now`. */
export const overdueBefore = (now: Date, overdueAfterMs: number): string => new Date(now.getTime() - overdueAfterMs).toISOString();
