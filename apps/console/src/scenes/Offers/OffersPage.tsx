import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useAssignments, useMe, useOffers } from '../../api/queries';
import { Link } from '../../app/router';
import { plural } from '../../common/format';
import { Page } from '../../common/Page/Page';
import { EmptyState, QueryStates } from '../../common/States/States';
import { MissedOffers } from './MissedOffers';
import { OfferCard, type OfferCardHandle } from './OfferCard';
import { nextOfferIndex } from './offer-keys';

const KEYS_HINT_ID = 'offer-keys-hint';

/** Offers made to this expert, live: each waits for an answer until its countdown ends. Below, the ones missed. */
export function OffersPage() {
  const offers = useOffers();
  const me = useMe();
  const active = useAssignments('active');
  const list = offers.data?.data ?? [];
  const count = list.length;
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const cards = useRef(new Map<string, OfferCardHandle>());
  const lastIndex = useRef(0);
  const listEnd = useRef<HTMLParagraphElement>(null);

  const found = list.findIndex((offer) => offer.id === focusedId);
  // Where the focused offer was, kept while it is gone: its neighbour takes its place.
  if (found >= 0) lastIndex.current = found;
  const focusedIndex = Math.max(0, found);

  // An answered or lapsed offer leaves the list: if it held the focus, the focus goes to its neighbour
  // (or, with none left, to the line that says so) instead of falling back to the top of the page.
  useLayoutEffect(() => {
    if (focusedId === null || list.some((offer) => offer.id === focusedId)) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const neighbour = list[Math.min(lastIndex.current, list.length - 1)];
    setFocusedId(neighbour?.id ?? null);
    if (neighbour) cards.current.get(neighbour.id)?.focus();
    else listEnd.current?.focus();
  }, [list, focusedId]);

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    // Only from an offer itself: inside the reason field, arrows move the caret.
    if (!(event.target instanceof HTMLElement) || !event.target.matches('article.offer')) return;
    const next = nextOfferIndex(event.key, focusedIndex, count);
    if (next === null) return;
    event.preventDefault();
    cards.current.get(list[next].id)?.focus();
  };

  return (
    <Page title="Offers" lead={<p>New offers appear here as they are made, without reloading. Each one is yours alone until its countdown ends.</p>}>
      <QueryStates query={offers} what="your offers" />
      {offers.isSuccess && count === 0 && (
        <div ref={listEnd} tabIndex={-1} className="offers-none">
          <EmptyState title="No offers right now.">
            {me.data && me.data.availability !== 'online' ? (
              <p>
                You are <strong>{me.data.availability}</strong>, so no new offers come to you. Set your availability to <strong>Online</strong> at the top of
                the page to receive them.
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
        </div>
      )}
      {count > 0 && (
        <>
          <p className="muted">{plural(count, 'offer')} waiting for your answer.</p>
          <p id={KEYS_HINT_ID} className="keys-hint">
            Keyboard: <kbd>↑</kbd> <kbd>↓</kbd> move between offers; <kbd>A</kbd> accepts the offer in focus, <kbd>D</kbd> declines it (you can give a reason);{' '}
            <kbd>Esc</kbd> keeps it.
          </p>
          <ul className="card-list" aria-label="Open offers" onKeyDown={onListKeyDown}>
            {list.map((offer, index) => (
              <li key={offer.id}>
                <OfferCard
                  ref={(handle) => {
                    if (handle) cards.current.set(offer.id, handle);
                    else cards.current.delete(offer.id);
                  }}
                  offer={offer}
                  inTabOrder={index === focusedIndex}
                  keysHintId={KEYS_HINT_ID}
                  onFocus={() => setFocusedId(offer.id)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <MissedOffers />
    </Page>
  );
}
