/**
 * Offers that lapse unanswered, counted per expert as part of the `expert-<spec_id>` stream. An
 * `online` expert who lets two offers in a row expire is set `away`, so the router stops holding
 * deployments for the whole offer window on someone who is not there. Pure and order-tolerant:
 * the router's consumers handle deployments side by side, so an answer may be decided before a
 * lapse that happened earlier; times, not arrival order, say which came first.
 */
import type { ExpertEvent, ExpertLapsesCleared, ExpertOfferLapsed } from '@eh/contracts';

/** Two in a row: one lapse is a coffee break, two say nobody is watching (docs/decisions.md "Expert presence"). */
export const LAPSES_BEFORE_AWAY = 2;

export interface LapsedOffer {
  deployment_id: string;
  offer_number: number;
  expired_at: string;
}

export interface LapseStreak {
  /** Lapses since the expert last answered an offer or changed their availability, oldest first. */
  lapses: readonly LapsedOffer[];
  /**
   * When the expert last answered an offer (that cleared lapses) or changed availability: a lapse
   * at or before it arriving late, or delivered again, does not count.
   */
  counts_after: string | null;
}

export const NO_LAPSES: LapseStreak = Object.freeze({ lapses: [], counts_after: null });

export interface OfferRef {
  deploymentId: string;
  offerNumber: number;
}

const sameOffer = (lapse: LapsedOffer, offer: OfferRef): boolean => lapse.deployment_id === offer.deploymentId && lapse.offer_number === offer.offerNumber;

/**
 * An offer expired at `expiredAt` without an answer. Counted once (a redelivered expiry changes
 * nothing), only while the expert is online (an offer outstanding when they went busy says nothing
 * of their presence), and only if they have not answered a later offer already. The second lapse
 * also sets them away.
 */
export function decideLapse(expertId: string, streak: LapseStreak, online: boolean, offer: OfferRef, expiredAt: string): ExpertEvent[] {
  if (!online) return [];
  if (streak.lapses.some((lapse) => sameOffer(lapse, offer))) return [];
  if (streak.counts_after !== null && expiredAt <= streak.counts_after) return [];
  const consecutive = streak.lapses.length + 1;
  const lapsed: ExpertOfferLapsed = {
    type: 'expert.offer_lapsed',
    data: { expert_id: expertId, deployment_id: offer.deploymentId, offer_number: offer.offerNumber, expired_at: expiredAt, consecutive },
  };
  if (consecutive < LAPSES_BEFORE_AWAY) return [lapsed];
  return [
    lapsed,
    {
      type: 'expert.availability_changed',
      data: { expert_id: expertId, availability: 'away', changed_at: expiredAt, available_until: null, reason: 'offers_lapsed' },
    },
  ];
}

/**
 * The expert accepted or declined an offer at `answeredAt`: lapses before it no longer count.
 * Nothing is written when there is nothing to clear, so answering costs no event in the common case.
 */
export function decideAnswer(
  expertId: string,
  streak: LapseStreak,
  offer: { deploymentId: string; offerNumber: number | null },
  answeredAt: string,
): ExpertEvent[] {
  if (!streak.lapses.some((lapse) => lapse.expired_at < answeredAt)) return [];
  const cleared: ExpertLapsesCleared = {
    type: 'expert.lapses_cleared',
    data: { expert_id: expertId, deployment_id: offer.deploymentId, offer_number: offer.offerNumber, answered_at: answeredAt },
  };
  return [cleared];
}

const later = (a: string | null, b: string): string => (a !== null && a > b ? a : b);

export function evolveLapses(streak: LapseStreak, event: ExpertEvent): LapseStreak {
  switch (event.type) {
    case 'expert.offer_lapsed': {
      const { deployment_id, offer_number, expired_at } = event.data;
      const lapses = [...streak.lapses, { deployment_id, offer_number, expired_at }].sort((a, b) =>
        a.expired_at < b.expired_at ? -1 : a.expired_at > b.expired_at ? 1 : 0,
      );
      return { ...streak, lapses };
    }
    case 'expert.lapses_cleared': {
      const at = event.data.answered_at;
      return { lapses: streak.lapses.filter((lapse) => lapse.expired_at >= at), counts_after: later(streak.counts_after, at) };
    }
    // Any change of availability starts the count again: back online after being set away is a fresh start.
    case 'expert.availability_changed':
      return { lapses: [], counts_after: later(streak.counts_after, event.data.changed_at) };
    default:
      return streak;
  }
}
