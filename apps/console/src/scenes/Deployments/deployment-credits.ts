import type { Deployment } from '../../api/dashboard-types';

/**
 * A deployment's credits in a few words: charged once completed, held while it runs, and given
 * back once it ended uncharged (cancelled or expired), where its reservation no longer holds anything.
 */
export function creditsText(d: Deployment): string | null {
  if (d.credits_charged !== undefined) return `${d.credits_charged.toLocaleString()} charged`;
  if (!d.credits_reserved) return null;
  const amount = d.credits_reserved.toLocaleString();
  return d.status === 'cancelled' || d.status === 'expired' ? `none charged (${amount} given back)` : `${amount} held`;
}
