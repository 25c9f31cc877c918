import { estimatedCredits, type ExpertWorkItem, type RosterEntry } from '@eh/routing';

/** A work item with what the expert can expect to earn from it. */
export interface ExpertWorkItemWithEstimate extends ExpertWorkItem {
  /**
   * The expert's own rate for their median turnaround (the formula the router reserves by),
   * never more than the reservation, which caps the charge; null when the roster entry is gone.
   */
  credits_estimate: number | null;
}

export function withEstimate(
  items: readonly ExpertWorkItem[],
  expert: Pick<RosterEntry, 'rate_credits_per_hour' | 'median_turnaround_minutes'> | null,
): ExpertWorkItemWithEstimate[] {
  const atRate = expert ? estimatedCredits(expert) : null;
  return items.map((item) => ({ ...item, credits_estimate: atRate === null ? null : Math.min(atRate, item.credits_reserved) }));
}
