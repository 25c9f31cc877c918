import type { QuoteReply } from '@eh/contracts';

/**
 * Credits reserved for a live deployment (docs/decisions.md "Ledger"): the router's
 * quote estimate, `ceil(rate_credits_per_hour × median_turnaround_minutes / 60)` of the
 * best-ranked candidate (rpc.ts `QuoteReply.estimated_credits`). Until a router sends it, the
 * configured fallback (`LEDGER_FALLBACK_RESERVE_CREDITS`) is held instead. This function is
 * the one place to change when the formula changes.
 */
export function reservationEstimate(quote: Pick<QuoteReply, 'estimated_credits'>, fallbackCredits: number): number {
  const estimate = quote.estimated_credits;
  return estimate !== undefined && Number.isInteger(estimate) && estimate >= 0 ? estimate : fallbackCredits;
}
