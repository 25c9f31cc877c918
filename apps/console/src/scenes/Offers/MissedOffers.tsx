import { Fact } from '../../common/Fact/Fact';
import { useId } from 'react';
import { useMissedOffers } from '../../api/queries';
import type { MissedOffer } from '../../api/types';
import { SkillList } from '../../common/SkillList/SkillList';
import { EmptyState, QueryStates } from '../../common/States/States';
import { When } from '../../common/When/When';

/**
 * Offers this expert declined or let lapse lately, newest first. The work is someone else's now
 * (its brief is no longer readable to them), so each shows what it needed and would have paid.
 */
export function MissedOffers() {
  const missed = useMissedOffers();
  const headingId = useId();
  const items = missed.data?.data ?? [];
  return (
    <section className="missed-offers" aria-labelledby={headingId}>
      <h2 id={headingId}>Missed offers</h2>
      <p className="muted">
        Offers you declined or let lapse in the last 30 days, newest first. The work has passed to someone else, so only its skills and credits show.
      </p>
      <QueryStates query={missed} what="your missed offers" />
      {missed.isSuccess && items.length === 0 && <EmptyState title="No missed offers: you answered every offer made to you lately." />}
      {items.length > 0 && (
        <ul className="card-list missed-list" aria-label="Missed offers">
          {items.map((item) => (
            <MissedOfferItem key={`${item.deployment_id}-${item.offered_at}`} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MissedOfferItem({ item }: { item: MissedOffer }) {
  return (
    <li className="card missed" data-missed-deployment-id={item.deployment_id}>
      <dl className="facts missed__facts">
        <Fact label="Deployment">
          <code>{item.deployment_id}</code>
        </Fact>
        <Fact label="Skills">
          <SkillList skills={item.skills} />
        </Fact>
        <Fact label="Would have paid">Up to {item.credits_reserved.toLocaleString()} credits</Fact>
        <Fact label="Offered">
          <When iso={item.offered_at} />
        </Fact>
        <div className="missed__ending">
          <dt>How it ended</dt>
          <dd>
            {item.ending === 'lapsed' ? (
              <>
                <span className="badge badge--neutral">Lapsed</span> unanswered; it expired at <When iso={item.ended_at} />
              </>
            ) : (
              <>
                <span className="badge badge--neutral">Declined</span> at <When iso={item.ended_at} />
                {item.reason ? <>: “{item.reason}”</> : <span className="muted"> (no reason given)</span>}
              </>
            )}
          </dd>
        </div>
      </dl>
    </li>
  );
}
