import { useState } from 'react';
import { describeError } from '../../api/api-error';
import type { AdminRosterEntry } from '../../api/dashboard-types';
import { useAddExpert, useAdminExperts } from '../../api/ops-queries';
import { Link } from '../../app/router';
import { opsPath } from '../../app/routes';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Page } from '../../common/Page/Page';
import { SecretReveal } from '../../common/SecretReveal/SecretReveal';
import { EmptyState, ErrorState, Loading } from '../../common/States/States';
import { AvailabilitySelect } from './AvailabilitySelect';
import { EXPERT_LABELS, ExpertProfileForm } from './ExpertProfileForm';

/** Every expert, retired ones last (the gateway's order): add one (credential shown once), set availability, open one to edit. */
export default function RosterPage() {
  const experts = useAdminExperts();
  const add = useAddExpert();
  const announce = useAnnounce();
  const [adding, setAdding] = useState(false);
  const items = experts.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Page
      title="Roster"
      lead={<p>The experts deployments are routed to. Online experts covering a deployment's skills get its offer, best-ranked first.</p>}
      action={
        !adding &&
        !add.data && (
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            Add an expert
          </button>
        )
      }
    >
      {add.data && (
        <SecretReveal title={`Credential of ${add.data.expert.name}`} value={add.data.credential} what="the expert's credential" onDone={() => add.reset()}>
          <p>
            Their tooling uses it (<code>EXPERT_KEY</code>). To let them use the console, <Link to={opsPath({ page: 'expert', expertId: add.data.expert.id })}>invite them</Link>.
            They start <strong>{add.data.expert.availability}</strong>: no live work is offered until they (or you) set them online.
          </p>
        </SecretReveal>
      )}
      {adding && (
        <section className="card" aria-labelledby="add-expert-heading">
          <h2 id="add-expert-heading">Add an expert</h2>
          <ExpertProfileForm
            busy={add.isPending}
            error={add.error}
            submitLabel="Add to the roster"
            onCancel={() => setAdding(false)}
            onSubmit={(profile) =>
              add.mutate(profile, {
                onSuccess: (created) => {
                  setAdding(false);
                  announce(`${created.expert.name} added to the roster. Copy their credential now: it is shown only this once.`);
                },
                onError: (failure) => announce(`Not added: ${describeError(failure, EXPERT_LABELS)}`, 'error'),
              })
            }
          />
        </section>
      )}
      {experts.isPending && <Loading what="the roster" />}
      {experts.isError && <ErrorState what="the roster" error={experts.error} onRetry={() => void experts.refetch()} />}
      {experts.isSuccess && items.length === 0 && (
        <EmptyState title="Nobody on the roster yet.">
          <p>Add the first expert: live deployments need an online expert covering their skills (test deployments do not).</p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <div className="table-scroll" role="region" aria-label="Roster" tabIndex={0}>
          <table className="table">
            <caption className="visually-hidden">Experts</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Skills</th>
                <th scope="col">Availability</th>
                <th scope="col">Console</th>
                <th scope="col" className="numeric">
                  Turnaround
                </th>
                <th scope="col" className="numeric">
                  Rate
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((expert) => (
                <tr key={expert.id} data-expert-id={expert.id}>
                  <th scope="row">
                    <Link to={opsPath({ page: 'expert', expertId: expert.id })}>{expert.name}</Link>
                    <br />
                    <span className="muted small">{expert.role}</span>
                  </th>
                  <td>{expert.skills.join(', ')}</td>
                  <td>{expert.retired ? <span className="badge badge--tone-pending">Retired</span> : <AvailabilitySelect expert={expert} />}</td>
                  <td>
                    <ConsoleAccess expert={expert} />
                  </td>
                  <td className="numeric">{expert.median_turnaround_minutes} min</td>
                  <td className="numeric">{expert.rate_credits_per_hour}/h</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {experts.hasNextPage && (
        <div className="actions">
          <button type="button" className="button" onClick={() => void experts.fetchNextPage()} disabled={experts.isFetchingNextPage}>
            {experts.isFetchingNextPage ? 'Loading…' : 'Show more experts'}
          </button>
        </div>
      )}
    </Page>
  );
}

/** Whether the expert uses the console: signed in, invited (a link not used yet), or neither. */
function ConsoleAccess({ expert }: { expert: AdminRosterEntry }) {
  if (!expert.console) return <span className="muted small">Not invited</span>;
  return (
    <span className="small">
      {expert.console.status === 'active' ? 'Signs in' : 'Invited'} as {expert.console.email}
    </span>
  );
}
