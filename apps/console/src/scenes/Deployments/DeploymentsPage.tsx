import { useState, type FormEvent } from 'react';
import { fieldError } from '../../api/api-error';
import { SearchBox } from '../../common/SearchBox/SearchBox';
import { useDeploymentList, type DeploymentFilters } from '../../api/deployment-queries';
import type { Deployment, DeploymentStatus, Mode } from '../../api/dashboard-types';
import { creditsText } from './deployment-credits';
import { Link } from '../../app/router';
import { dashboardPath } from '../../app/routes';
import { DEPLOYMENT_STATUS, DeploymentStatusBadge } from '../../common/DeploymentStatus/DeploymentStatus';
import { plural } from '../../common/format';
import { When } from '../../common/When/When';
import { LoadMore } from '../../common/LoadMore/LoadMore';
import { Page } from '../../common/Page/Page';
import { EmptyState, QueryStates } from '../../common/States/States';
import { briefTitle } from '../../common/work-text';
import { FiltersPanel } from '../../common/FiltersPanel/FiltersPanel';
import { Field } from '../../common/Field/Field';

const NO_FILTERS: DeploymentFilters = { status: [], skill: '', createdAfter: '', q: '' };
const STATUSES = Object.keys(DEPLOYMENT_STATUS) as DeploymentStatus[];

/** Every deployment of this mode, newest first, filtered by status, skill and date; live. */
export default function DeploymentsPage({ mode }: { mode: Mode }) {
  const [filters, setFilters] = useState<DeploymentFilters>(NO_FILTERS);
  const list = useDeploymentList(mode, filters);
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = filters.status.length > 0 || filters.skill !== '' || filters.createdAfter !== '' || filters.q !== '';
  const searchError = fieldError(list.error, 'q', { q: 'Search' });
  return (
    <Page title="Deployments" lead={<p>What your agents handed to experts in {mode} mode, newest first. Status changes appear here as they happen.</p>}>
      <SearchBox
        id="deployment-search"
        label="Search deployments"
        hint="A deployment id, or at least 3 characters of its brief."
        value={filters.q}
        error={searchError}
        onSearch={(q) => setFilters((current) => ({ ...current, q }))}
      />
      <Filters
        key={JSON.stringify(filters)}
        initial={filters}
        onApply={(chosen) => setFilters({ ...chosen, q: filters.q })}
        onClear={() => setFilters({ ...NO_FILTERS, q: filters.q })}
      />
      <QueryStates query={list} what="deployments" errorShownElsewhere={Boolean(searchError)} />
      {list.isSuccess && items.length === 0 && (
        <EmptyState
          title={filters.q ? `No deployment matches “${filters.q}”.` : filtered ? 'No deployment matches these filters.' : `No ${mode} deployments yet.`}
        >
          {filtered ? (
            <p>Clear the search and the filters to see every deployment.</p>
          ) : (
            <p>
              Create one over the API with a {mode} key: <code>POST /v1/deployments</code> with a brief and skills. Make a key on the{' '}
              <Link to={dashboardPath(mode, { page: 'api-keys' })}>API keys</Link> page
              {mode === 'live' ? '; to try without experts or credits, switch to test mode.' : '; in test mode a synthetic expert completes it at once.'}
            </p>
          )}
        </EmptyState>
      )}
      {items.length > 0 && (
        <>
          <p className="muted" aria-live="polite">
            {plural(items.length, 'deployment')} shown{list.hasNextPage ? ', more below' : ''}.
          </p>
          <DeploymentCards items={items} mode={mode} />
          <DeploymentTable items={items} mode={mode} />
          <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} what="deployments" />
        </>
      )}
    </Page>
  );
}

function Filters({ initial, onApply, onClear }: { initial: DeploymentFilters; onApply: (filters: DeploymentFilters) => void; onClear: () => void }) {
  const [status, setStatus] = useState<DeploymentStatus[]>(initial.status);
  const [skill, setSkill] = useState(initial.skill);
  const [createdAfter, setCreatedAfter] = useState(initial.createdAfter);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ status, skill: skill.trim(), createdAfter, q: initial.q });
  };
  const toggle = (value: DeploymentStatus) => setStatus((current) => (current.includes(value) ? current.filter((s) => s !== value) : [...current, value]));
  const active = initial.status.length + (initial.skill ? 1 : 0) + (initial.createdAfter ? 1 : 0);
  return (
    <FiltersPanel label="Filter deployments" active={active} onSubmit={submit} onClear={onClear}>
      <fieldset className="filters__statuses">
        <legend>Status</legend>
        {STATUSES.map((value) => (
          <label key={value} className="checkbox checkbox--inline">
            <input type="checkbox" checked={status.includes(value)} onChange={() => toggle(value)} />
            {DEPLOYMENT_STATUS[value].text}
          </label>
        ))}
      </fieldset>
      <div className="filters__row">
        <Field label="Skill" id="filter-skill">
          <input type="text" value={skill} onChange={(event) => setSkill(event.target.value)} placeholder="copywriting" />
        </Field>
        <Field label="Created on or after" id="filter-after">
          <input type="date" value={createdAfter} onChange={(event) => setCreatedAfter(event.target.value)} />
        </Field>
      </div>
    </FiltersPanel>
  );
}

const credits = (d: Deployment) => creditsText(d) ?? '—';

function DeploymentCards({ items, mode }: { items: Deployment[]; mode: Mode }) {
  return (
    <ul className="card-list narrow-only" aria-label="Deployments">
      {items.map((d) => (
        <li key={d.id} className="card" data-deployment-id={d.id}>
          <Link to={dashboardPath(mode, { page: 'deployment', deploymentId: d.id })}>{briefTitle(d.brief)}</Link>
          <p className="card__meta">
            <DeploymentStatusBadge status={d.status} />{' '}
            <span className="muted">
              <When iso={d.created_at} />
            </span>
          </p>
          <p className="muted small">
            {d.skills.join(', ')} · {d.expert ? d.expert.name : 'No expert yet'} · {credits(d)}
          </p>
        </li>
      ))}
    </ul>
  );
}

function DeploymentTable({ items, mode }: { items: Deployment[]; mode: Mode }) {
  return (
    <div className="table-scroll wide-only" role="region" aria-labelledby="deployments-caption" tabIndex={0}>
      <table className="table">
        <caption id="deployments-caption" className="visually-hidden">
          Deployments
        </caption>
        <thead>
          <tr>
            <th scope="col">Brief</th>
            <th scope="col">Status</th>
            <th scope="col">Skills</th>
            <th scope="col">Expert</th>
            <th scope="col">Created</th>
            <th scope="col" className="numeric">
              Credits
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((d) => (
            <tr key={d.id} data-deployment-id={d.id}>
              <td>
                <Link to={dashboardPath(mode, { page: 'deployment', deploymentId: d.id })}>{briefTitle(d.brief)}</Link>
                <br />
                <code className="small">{d.id}</code>
              </td>
              <td>
                <DeploymentStatusBadge status={d.status} />
              </td>
              <td>{d.skills.join(', ')}</td>
              <td>{d.expert ? d.expert.name : <span className="muted">None yet</span>}</td>
              <td>
                <When iso={d.created_at} />
              </td>
              <td className="numeric">{credits(d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
