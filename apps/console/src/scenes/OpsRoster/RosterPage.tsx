import { useState, type FormEvent } from 'react';
import { describeError, fieldError } from '../../api/api-error';
import type { AdminRosterEntry } from '../../api/dashboard-types';
import { useAddExpert, useAdminExperts, type RosterFilters } from '../../api/ops-queries';
import { Link } from '../../app/router';
import { opsPath } from '../../app/routes';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Field } from '../../common/Field/Field';
import { Page } from '../../common/Page/Page';
import { SecretReveal } from '../../common/SecretReveal/SecretReveal';
import { EmptyState, QueryStates } from '../../common/States/States';
import { AvailabilitySelect } from './AvailabilitySelect';
import { EXPERT_LABELS, ExpertProfileForm } from './ExpertProfileForm';
import { DataTable } from '../../common/DataTable/DataTable';
import { FilterActions } from '../../common/FiltersPanel/FiltersPanel';

/** Every expert, retired ones last (the gateway's order): add one (credential shown once), set availability, open one to edit. */
const ANY: RosterFilters = { skill: '', availability: '' };

export default function RosterPage() {
  const [filters, setFilters] = useState<RosterFilters>(ANY);
  const experts = useAdminExperts(filters);
  const filtered = filters.skill !== '' || filters.availability !== '';
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
            Their tooling uses it (<code>EXPERT_KEY</code>). To let them use the console,{' '}
            <Link to={opsPath({ page: 'expert', expertId: add.data.expert.id })}>invite them</Link>. They start <strong>{add.data.expert.availability}</strong>:
            no live work is offered until they (or you) set them online.
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
      <RosterFilterForm key={JSON.stringify(filters)} initial={filters} error={experts.error} onApply={setFilters} onClear={() => setFilters(ANY)} />
      <QueryStates query={experts} what="the roster" errorShownElsewhere={Boolean(fieldError(experts.error, 'skill', FILTER_LABELS))} />
      {experts.isSuccess && items.length === 0 && filtered && (
        <EmptyState title="No expert matches these filters.">
          <p>Clear the filters to see the whole roster.</p>
        </EmptyState>
      )}
      {experts.isSuccess && items.length === 0 && !filtered && (
        <EmptyState title="Nobody on the roster yet.">
          <p>Add the first expert: live deployments need an online expert covering their skills (test deployments do not).</p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <DataTable
          label="Roster"
          caption="Experts"
          columns={[
            'Name',
            'Skills',
            'Availability',
            'Console',
            { label: 'Turnaround', numeric: true },
            { label: 'Rate', numeric: true },
            { label: 'Rating', numeric: true },
          ]}
        >
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
              <td className="numeric">
                <Rating ratings={expert.ratings} />
              </td>
            </tr>
          ))}
        </DataTable>
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

/** Agents' ratings of the expert's completed live work: the mean to one decimal and how many. */
function Rating({ ratings }: { ratings: AdminRosterEntry['ratings'] }) {
  if (ratings.mean === null || ratings.count === 0) return <span className="muted small">No ratings</span>;
  return (
    <span>
      {ratings.mean.toFixed(1)}
      <span className="muted small">
        {' '}
        of 5, {ratings.count} {ratings.count === 1 ? 'rating' : 'ratings'}
      </span>
    </span>
  );
}

const FILTER_LABELS = { skill: 'Skill', availability: 'Availability' };

/** Narrows the roster by a skill tag and by availability (the admin API's own filters). */
function RosterFilterForm({
  initial,
  error,
  onApply,
  onClear,
}: {
  initial: RosterFilters;
  error: unknown;
  onApply: (filters: RosterFilters) => void;
  onClear: () => void;
}) {
  const [skill, setSkill] = useState(initial.skill);
  const [availability, setAvailability] = useState<RosterFilters['availability']>(initial.availability);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ skill: skill.trim(), availability });
  };
  const skillError = fieldError(error, 'skill', FILTER_LABELS);
  return (
    <form className="card filters" onSubmit={submit} aria-label="Filter the roster">
      <div className="filters__row">
        <Field label="Skill" id="roster-skill" error={skillError}>
          <input type="text" value={skill} onChange={(event) => setSkill(event.target.value)} placeholder="copywriting" />
        </Field>
        <Field label="Availability" id="roster-availability">
          <select value={availability} onChange={(event) => setAvailability(event.target.value as RosterFilters['availability'])}>
            <option value="">Any</option>
            <option value="online">Online</option>
            <option value="busy">Busy</option>
            <option value="offline">Offline</option>
          </select>
        </Field>
      </div>
      <FilterActions onClear={initial.skill !== '' || initial.availability !== '' ? onClear : undefined} />
    </form>
  );
}
