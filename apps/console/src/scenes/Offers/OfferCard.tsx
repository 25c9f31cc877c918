import { Fact } from '../../common/Fact/Fact';
import { forwardRef, useId, useImperativeHandle, useRef, useState, type KeyboardEvent } from 'react';
import { describeError } from '../../api/api-error';
import { useAccept, useDecline } from '../../api/queries';
import type { WorkItem } from '../../api/types';
import { navigate } from '../../app/router';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Countdown } from '../../common/Countdown/Countdown';
import { DEADLINE_LABELS, OFFER_CLOSES } from '../../common/deadlines';
import { SkillList } from '../../common/SkillList/SkillList';
import { briefTitle, URGENCY_TEXT } from '../../common/work-text';
import { DeclineForm } from './DeclineForm';
import { OfferCredits } from './OfferCredits';
import { offerKeyOf } from './offer-keys';
import { isTypingTarget } from './typing-target';

interface OfferCardProps {
  offer: WorkItem;
  /** Roving tabindex: only the offer in focus (or the first) is in the Tab order; arrows move between them. */
  inTabOrder: boolean;
  /** The id of the visible hint that names the shortcuts. */
  keysHintId: string;
  onFocus: () => void;
}

export interface OfferCardHandle {
  focus(): void;
}

/** One offer: the brief, what it needs and by when; accept (A), or decline with a reason (D). */
export const OfferCard = forwardRef<OfferCardHandle, OfferCardProps>(function OfferCard({ offer, inTabOrder, keysHintId, onFocus }, ref) {
  const accept = useAccept(offer.id);
  const decline = useDecline(offer.id);
  const announce = useAnnounce();
  const [declining, setDeclining] = useState(false);
  const headingId = useId();
  const card = useRef<HTMLElement>(null);
  const busy = accept.isPending || decline.isPending;
  useImperativeHandle(ref, () => ({ focus: () => card.current?.focus() }), []);

  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: () => {
        navigate(`/work/${offer.id}`);
        announce('Offer accepted. Start the work when you are ready: the time you work is counted from Start.');
      },
      onError: (error) => announce(`Not accepted: ${describeError(error)}`, 'error'),
    });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Escape leaves the reason unsent and gives the keyboard back to the offer.
    if (event.key === 'Escape' && declining && !decline.isPending) {
      event.preventDefault();
      setDeclining(false);
      card.current?.focus();
      return;
    }
    const key = offerKeyOf({
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      repeat: event.repeat,
      typing: isTypingTarget(event.target),
    });
    if (!key || busy) return;
    event.preventDefault();
    if (key === 'accept') onAccept();
    else setDeclining(true);
  };

  return (
    <article
      ref={card}
      className="card offer"
      aria-labelledby={headingId}
      aria-describedby={keysHintId}
      aria-keyshortcuts="A D"
      tabIndex={inTabOrder ? 0 : -1}
      data-deployment-id={offer.id}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
    >
      <h2 id={headingId} className="card__title">
        {briefTitle(offer.brief)}
      </h2>
      <p className="brief">{offer.brief}</p>
      <dl className="facts">
        <Fact label="Urgency">{URGENCY_TEXT[offer.urgency] ?? offer.urgency}</Fact>
        <Fact label="Skills">
          <SkillList skills={offer.skills} />
        </Fact>
        {offer.offer_expires_at && (
          <Fact label={DEADLINE_LABELS.acceptBy}>
            <Countdown to={offer.offer_expires_at} label={OFFER_CLOSES} urgentBelowSeconds={60} />
          </Fact>
        )}
        <Fact label="You can earn" data-testid="offer-credits">
          <OfferCredits cap={offer.credits_reserved} estimate={offer.credits_estimate} />
        </Fact>
      </dl>
      {declining ? (
        <DeclineForm
          busy={decline.isPending}
          onCancel={() => {
            setDeclining(false);
            card.current?.focus();
          }}
          onDecline={(reason) =>
            decline.mutate(reason, {
              onSuccess: () => announce('Offer declined. It passes to another expert.'),
              onError: (error) => announce(`Not declined: ${describeError(error)}`, 'error'),
            })
          }
        />
      ) : (
        <div className="actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={onAccept} aria-keyshortcuts="A">
            {accept.isPending ? 'Accepting…' : 'Accept'}
            <span className="shortcut" aria-hidden="true">
              <kbd>A</kbd>
            </span>
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => setDeclining(true)} aria-keyshortcuts="D">
            Decline…
            <span className="shortcut" aria-hidden="true">
              <kbd>D</kbd>
            </span>
          </button>
        </div>
      )}
    </article>
  );
});
