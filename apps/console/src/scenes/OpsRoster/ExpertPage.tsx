import { useState, type FormEvent, type ReactNode } from 'react';
import { describeError, fieldError } from '../../api/api-error';
import { useAdminExpert, useInviteExpert, useRetireExpert, useUpdateExpert } from '../../api/ops-queries';
import type { AdminExpert } from '../../api/dashboard-types';
import { Link, navigate } from '../../app/router';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Breadcrumbs } from '../../common/Breadcrumbs/Breadcrumbs';
import { ConfirmButton } from '../../common/ConfirmButton/ConfirmButton';
import { Field } from '../../common/Field/Field';
import { RecordPageStates } from '../../common/States/RecordPageStates';
import { Page } from '../../common/Page/Page';
import { EmptyState } from '../../common/States/States';
import { AvailabilitySelect } from './AvailabilitySelect';
import { ExpertProfileForm, EXPERT_LABELS } from './ExpertProfileForm';
import { InvitationLink } from '../../common/InvitationLink/InvitationLink';

/** One expert: edit the profile, set availability, invite to the console, retire. */
export default function ExpertPage({ expertId }: { expertId: string }) {
  const expert = useAdminExpert(expertId);
  const crumbs = <Breadcrumbs items={[{ label: 'Roster', to: '/ops/roster' }, { label: expert.data?.name ?? expertId }]} />;
  if (!expert.isSuccess) {
    return (
      <RecordPageStates
        query={expert}
        title="Expert"
        what="the expert"
        above={crumbs}
        notFound={
          <EmptyState title={`No expert ${expertId}.`}>
            <p>
              See the <Link to="/ops/roster">roster</Link>.
            </p>
          </EmptyState>
        }
      />
    );
  }
  return <ExpertView expert={expert.data} crumbs={crumbs} />;
}

function ExpertView({ expert, crumbs }: { expert: AdminExpert; crumbs: ReactNode }) {
  const update = useUpdateExpert(expert.id);
  const retire = useRetireExpert();
  const announce = useAnnounce();
  return (
    <Page
      title={expert.name}
      above={crumbs}
      lead={
        <p>
          {expert.role} · <code>{expert.id}</code>
          {expert.credential_last4 && (
            <>
              {' '}
              · credential ending <code>{expert.credential_last4}</code>
            </>
          )}
          {expert.retired && <span className="badge badge--tone-pending"> Retired</span>}
        </p>
      }
    >
      <div className="detail-grid">
        <div className="detail-grid__main">
          <section className="card" aria-labelledby="profile-heading">
            <h2 id="profile-heading">Profile</h2>
            {expert.retired ? (
              <p className="muted">A retired expert's profile cannot change.</p>
            ) : (
              <ExpertProfileForm
                key={expert.id}
                expert={expert}
                busy={update.isPending}
                error={update.error}
                submitLabel="Save profile"
                onSubmit={(profile) =>
                  update.mutate(profile, {
                    onSuccess: () => announce(`${profile.name}'s profile saved.`),
                    onError: (failure) => announce(`Not saved: ${describeError(failure, EXPERT_LABELS)}`, 'error'),
                  })
                }
              />
            )}
          </section>
        </div>
        <aside className="detail-grid__side" aria-label="Access and status">
          {!expert.retired && (
            <section className="card" aria-labelledby="availability-heading">
              <h2 id="availability-heading">Availability</h2>
              <p className="muted small">Online experts get offers for their skills; busy and offline ones do not.</p>
              <AvailabilitySelect expert={expert} />
            </section>
          )}
          {!expert.retired && <InviteCard expert={expert} />}
          {!expert.retired && (
            <section className="card card--danger" aria-labelledby="retire-heading">
              <h2 id="retire-heading">Retire</h2>
              <p>They get no more offers, their credential and console sessions stop working, and their email is freed.</p>
              <ConfirmButton
                label="Retire the expert"
                title={`Retire ${expert.name}?`}
                confirmLabel="Retire"
                disabled={retire.isPending}
                onConfirm={() =>
                  retire.mutate(expert.id, {
                    onSuccess: () => {
                      navigate('/ops/roster');
                      announce(`${expert.name} retired.`);
                    },
                    onError: (failure) => announce(`Not retired: ${describeError(failure)}`, 'error'),
                  })
                }
              >
                <p>This cannot be undone. Work they accepted stays theirs until it ends.</p>
              </ConfirmButton>
            </section>
          )}
        </aside>
      </div>
    </Page>
  );
}

function InviteCard({ expert }: { expert: AdminExpert }) {
  const invite = useInviteExpert(expert.id);
  const announce = useAnnounce();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setError('Enter their email address.');
    setError(null);
    invite.mutate(email.trim(), {
      onSuccess: () => announce(`Invitation made for ${email.trim()}. Send them the link: it is shown only this once.`),
      onError: (failure) => {
        setError(fieldError(failure, 'email', { email: 'Email' }));
        announce(`Not invited: ${describeError(failure, { email: 'Email' })}`, 'error');
      },
    });
  };
  return (
    <section className="card" aria-labelledby="invite-expert-heading">
      <h2 id="invite-expert-heading">Console access</h2>
      {invite.data ? (
        <InvitationLink invitation={invite.data} titled={false} whom={invite.data.email} onDone={() => invite.reset()} />
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p className="muted small">An invitation (or a new one, to reset a lost password) signs them out everywhere once they accept it.</p>
          <Field label="Email" error={error}>
            <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
          </Field>
          <div className="actions">
            <button type="submit" className="button" disabled={invite.isPending}>
              {invite.isPending ? 'Inviting…' : 'Invite to the console'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
