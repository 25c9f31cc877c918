/**
 * One vocabulary for deadlines on every page of both consoles:
 * - "Accept by": until when an offer, or a deployment still looking for an expert, can be accepted
 *   (the expert's offer window; for the partner, the matching deadline `sla_deadline`).
 * - "Deliver by": a delivery deadline for accepted work. The API has none today, so no page shows
 *   one; the matching deadline is never shown under this name once the work is accepted.
 */
export const DEADLINE_LABELS = { acceptBy: 'Accept by' } as const;

/** The countdown's words beside an "Accept by" time. */
export const OFFER_CLOSES = 'Offer expires';
