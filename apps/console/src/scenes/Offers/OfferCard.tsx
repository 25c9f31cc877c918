import { useId, useState } from 'react';
import { describeError } from '../../api/api-error';
import { useAccept, useDecline } from '../../api/queries';
import type { WorkItem } from '../../api/types';
import { navigate } from '../../app/router';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Countdown } from '../../common/Countdown/Countdown';
import { SkillList } from '../../common/SkillList/SkillList';
import { briefTitle, URGENCY_TEXT } from '../../common/work-text';
import { DeclineForm } from './DeclineForm';

/** One offer: the brief, what it needs and by when; accept, or decline with a reason. */
export function OfferCard({ offer }: { offer: WorkItem }) {
  const accept = useAccept(offer.id);
  const decline = useDecline(offer.id);
  const announce = useAnnounce();
  const [declining, setDeclining] = useState(false);
  const headingId = useId();
  const busy = accept.isPending || decline.isPending;

  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: () => {
        navigate(`/work/${offer.id}`);
        announce('Offer accepted. Start the work when you are ready: the time you work is counted from Start.');
      },
      onError: (error) => announce(`Not accepted: ${describeError(error)}`, 'error'),
    });

  return (
    <article className="card offer" aria-labelledby={headingId} data-deployment-id={offer.id}>
      <h2 id={headingId} className="card__title">
        {briefTitle(offer.brief)}
      </h2>
      <p className="brief">{offer.brief}</p>
      <dl className="facts">
        <div>
          <dt>Urgency</dt>
          <dd>{URGENCY_TEXT[offer.urgency] ?? offer.urgency}</dd>
        </div>
        <div>
          <dt>Skills</dt>
          <dd>
            <SkillList skills={offer.skills} />
          </dd>
        </div>
        <div>
          <dt>Deliver by (SLA)</dt>
          <dd>
            <Countdown to={offer.sla_deadline} label="Due" urgentBelowSeconds={3600} />
          </dd>
        </div>
        {offer.offer_expires_at && (
          <div>
            <dt>Answer by</dt>
            <dd>
              <Countdown to={offer.offer_expires_at} label="Offer expires" urgentBelowSeconds={60} />
            </dd>
          </div>
        )}
      </dl>
      {declining ? (
        <DeclineForm
          busy={decline.isPending}
          onCancel={() => setDeclining(false)}
          onDecline={(reason) =>
            decline.mutate(reason, {
              onSuccess: () => announce('Offer declined. It passes to another expert.'),
              onError: (error) => announce(`Not declined: ${describeError(error)}`, 'error'),
            })
          }
        />
      ) : (
        <div className="actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={onAccept}>
            {accept.isPending ? 'Accepting…' : 'Accept'}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => setDeclining(true)}>
            Decline…
          </button>
        </div>
      )}
    </article>
  );
}
