import { useAssignments, useMe, useOffers } from '../../api/queries';
import { Link } from '../../app/router';
import { plural } from '../../common/format';
import { Page } from '../../common/Page/Page';
import { EmptyState, ErrorState, Loading } from '../../common/States/States';
import { OfferCard } from './OfferCard';

/** Offers made to this expert, live: each waits for an answer until its countdown ends. */
export function OffersPage() {
  const offers = useOffers();
  const me = useMe();
  const active = useAssignments('active');
  const count = offers.data?.data.length ?? 0;
  return (
    <Page title="Offers" lead={<p>New offers appear here as they are made, without reloading. Each one is yours alone until its countdown ends.</p>}>
      {offers.isPending && <Loading what="your offers" />}
      {offers.isError && <ErrorState what="your offers" error={offers.error} onRetry={() => void offers.refetch()} />}
      {offers.isSuccess && count === 0 && (
        <EmptyState title="No offers right now.">
          {me.data && me.data.availability !== 'online' ? (
            <p>
              You are <strong>{me.data.availability}</strong>, so no new offers come to you. Set your availability to <strong>Online</strong> at the top of the page to receive them.
            </p>
          ) : (
            <p>You are online: keep this page open and new offers show up here the moment they are made.</p>
          )}
          {active.data && active.data.data.length > 0 && (
            <p>
              Meanwhile, you have <Link to="/work">{plural(active.data.data.length, 'piece', 'pieces')} of work in hand</Link>.
            </p>
          )}
        </EmptyState>
      )}
      {count > 0 && (
        <>
          <p className="muted">{plural(count, 'offer')} waiting for your answer.</p>
          <ul className="card-list" aria-label="Open offers">
            {offers.data?.data.map((offer) => (
              <li key={offer.id}>
                <OfferCard offer={offer} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}
