/**
 * What an offer pays, before accepting: the cap (what the workspace holds: the charge can never
 * be more) and the estimate at the expert's own rate for their usual turnaround.
 */
export function OfferCredits({ cap, estimate }: { cap: number; estimate: number | null }) {
  return (
    <>
      <strong>Up to {cap.toLocaleString()} credits</strong>
      {estimate !== null && estimate < cap && <span className="offer-credits__estimate"> · about {estimate.toLocaleString()} at your rate</span>}
      {estimate !== null && estimate >= cap && <span className="offer-credits__estimate"> · the full amount at your rate</span>}
    </>
  );
}
