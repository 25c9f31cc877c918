import { useState, type FormEvent } from 'react';
import { ApiError, describeError, fieldError } from '../../api/api-error';
import type { AccountPlan, AccountSummary } from '../../api/dashboard-types';
import { useAccount, useAdminLimitRequests, useAdminWorkspace, useChangePlan, useGrantCredits, usePlans } from '../../api/ops-queries';
import { Link } from '../../app/router';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Breadcrumbs } from '../../common/Breadcrumbs/Breadcrumbs';
import { Field } from '../../common/Field/Field';
import { formatDateTime, plural } from '../../common/format';
import { Page } from '../../common/Page/Page';
import { EmptyState, ErrorState, Loading } from '../../common/States/States';
import { ResolveRequest } from './ResolveRequest';

const n = (value: number) => value.toLocaleString();

/** One workspace's credit account: figures, a grant of credits, the plan, its limit requests. */
const GRANT_LABELS = { credits: 'Credits', reference: 'Reference', note: 'Note' } as const;
const PLAN_LABELS = { name: 'Preset', cycle_cap_credits: 'Credits each cycle', cycle_days: 'Cycle length (days)', in_flight_limit: 'In-flight limit' } as const;

export default function AccountPage({ workspaceId }: { workspaceId: string }) {
  const account = useAccount(workspaceId);
  const requests = useAdminLimitRequests('open');
  const workspace = useAdminWorkspace(workspaceId);
  const name = workspace.data?.name ?? workspaceId;
  const crumbs = <Breadcrumbs items={[{ label: 'Accounts', to: '/ops/accounts' }, { label: name }]} />;
  if (account.isPending) {
    return (
      <Page title="Account" above={crumbs}>
        <Loading what="the account" />
      </Page>
    );
  }
  if (account.isError) {
    return (
      <Page title="Account" above={crumbs}>
        {account.error instanceof ApiError && account.error.status === 404 ? (
          <EmptyState title={`No workspace ${workspaceId}.`}>
            <p>
              See the <Link to="/ops/accounts">accounts</Link>.
            </p>
          </EmptyState>
        ) : (
          <ErrorState what="the account" error={account.error} onRetry={() => void account.refetch()} />
        )}
      </Page>
    );
  }
  const a = account.data;
  const open = requests.data?.data.filter((request) => request.workspace_id === workspaceId) ?? [];
  return (
    <Page
      title={`Account of ${name}`}
      above={crumbs}
      lead={
        <p>
          <code>{workspaceId}</code> · {a.opened ? `plan ${a.plan?.name ?? '—'}` : 'no account yet: it opens with the first grant, plan change or live deployment'}.
        </p>
      }
    >
      <Figures account={a} />
      {open.length > 0 && (
        <section aria-labelledby="open-requests-heading">
          <h2 id="open-requests-heading">Open limit requests</h2>
          <ul className="card-list">
            {open.map((request) => (
              <li key={request.id}>
                <ResolveRequest request={request} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="two-columns">
        <GrantForm workspaceId={workspaceId} />
        <PlanForm workspaceId={workspaceId} plan={a.plan} />
      </div>
    </Page>
  );
}

function Figures({ account: a }: { account: AccountSummary }) {
  return (
    <>
      <dl className="totals" aria-label="Credit figures">
        <div>
          <dt>Remaining</dt>
          <dd>{n(a.credits_remaining)}</dd>
        </div>
        <div>
          <dt>Reserved</dt>
          <dd>{n(a.credits_reserved)}</dd>
        </div>
        <div>
          <dt>Cycle allowance left</dt>
          <dd>{n(a.allowance)}</dd>
        </div>
        <div>
          <dt>Top-ups (carry over)</dt>
          <dd>{n(a.topup)}</dd>
        </div>
      </dl>
      <section className="card" aria-labelledby="cycle-heading">
        <h2 id="cycle-heading">Cycle</h2>
        <dl className="facts facts--row">
          <div>
            <dt>Cycle</dt>
            <dd>{a.cycle_start && a.cycle_end ? `${formatDateTime(a.cycle_start)} to ${formatDateTime(a.cycle_end)}` : 'Not started'}</dd>
          </div>
          <div>
            <dt>Charged this cycle</dt>
            <dd>
              {n(a.charged_this_cycle)} credits in {plural(a.deployments_this_cycle, 'deployment')}
            </dd>
          </div>
          <div>
            <dt>Thresholds reached</dt>
            <dd>{a.thresholds_reached.length ? a.thresholds_reached.map((t) => `${t} %`).join(', ') : 'None'}</dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>{a.plan ? `${a.plan.name}: ${n(a.plan.cycle_cap_credits)} credits / ${a.plan.cycle_days} days, ${a.plan.in_flight_limit} in flight` : 'None yet'}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}

function GrantForm({ workspaceId }: { workspaceId: string }) {
  const grant = useGrantCredits(workspaceId);
  const announce = useAnnounce();
  const [credits, setCredits] = useState('');
  const [note, setNote] = useState('');
  const [reference, setReference] = useState('');
  const [checked, setChecked] = useState(false);
  const amount = Number(credits);
  const creditsError = !Number.isInteger(amount) || amount < 1 || amount > 1_000_000_000 ? 'A whole number of credits, at least 1.' : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (creditsError) return;
    grant.mutate(
      { credits: amount, ...(note.trim() ? { note: note.trim() } : {}), ...(reference.trim() ? { reference: reference.trim() } : {}) },
      {
        onSuccess: (account) => {
          setCredits('');
          setNote('');
          setReference('');
          setChecked(false);
          announce(`${n(amount)} credits granted: ${n(account.credits_remaining)} remaining now.`);
        },
        onError: (failure) => announce(`Not granted: ${describeError(failure, GRANT_LABELS)}`, 'error'),
      },
    );
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="grant-heading">
      <h2 id="grant-heading">Grant credits</h2>
      <Field label="Credits" hint="A top-up: it carries over from cycle to cycle." error={(checked && creditsError) || fieldError(grant.error, 'credits', GRANT_LABELS)}>
        <input type="number" min={1} step={1} value={credits} onChange={(event) => setCredits(event.target.value)} />
      </Field>
      <Field label="Reference (optional)" hint="An invoice number: the same reference twice grants once." error={fieldError(grant.error, 'reference', GRANT_LABELS)}>
        <input type="text" maxLength={100} value={reference} onChange={(event) => setReference(event.target.value)} />
      </Field>
      <Field label="Note (optional)" error={fieldError(grant.error, 'note', GRANT_LABELS)}>
        <input type="text" maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
      </Field>
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={grant.isPending}>
          {grant.isPending ? 'Granting…' : 'Grant credits'}
        </button>
      </div>
    </form>
  );
}

function PlanForm({ workspaceId, plan }: { workspaceId: string; plan: AccountPlan | null }) {
  const change = useChangePlan(workspaceId);
  const presets = usePlans();
  const announce = useAnnounce();
  const [name, setName] = useState(plan?.name ?? '');
  const [cap, setCap] = useState(String(plan?.cycle_cap_credits ?? ''));
  const [days, setDays] = useState(String(plan?.cycle_days ?? ''));
  const [limit, setLimit] = useState(String(plan?.in_flight_limit ?? ''));
  const pick = (preset: string) => {
    setName(preset);
    const found = presets.data?.data.find((candidate) => candidate.name === preset);
    if (found) {
      setCap(String(found.cycle_cap_credits));
      setDays(String(found.cycle_days));
      setLimit(String(found.in_flight_limit));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Partial<AccountPlan> = {};
    if (name) body.name = name;
    if (cap.trim()) body.cycle_cap_credits = Number(cap);
    if (days.trim()) body.cycle_days = Number(days);
    if (limit.trim()) body.in_flight_limit = Number(limit);
    change.mutate(body, {
      onSuccess: (account) => announce(`Plan changed: ${account.plan?.name ?? ''}, ${n(account.plan?.cycle_cap_credits ?? 0)} credits a cycle, ${account.plan?.in_flight_limit ?? 0} in flight.`),
      onError: (failure) => announce(`Plan not changed: ${describeError(failure, PLAN_LABELS)}`, 'error'),
    });
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="plan-heading">
      <h2 id="plan-heading">Change the plan</h2>
      <Field label="Preset" hint="Fills the fields below; change any of them." error={fieldError(change.error, 'name', PLAN_LABELS)}>
        <select value={name} onChange={(event) => pick(event.target.value)}>
          {!name && <option value="">Choose…</option>}
          {presets.data?.data.map((preset) => (
            <option key={preset.name} value={preset.name}>
              {preset.name}
            </option>
          ))}
          {name && !presets.data?.data.some((preset) => preset.name === name) && <option value={name}>{name}</option>}
        </select>
      </Field>
      <Field label="Credits each cycle" error={fieldError(change.error, 'cycle_cap_credits', PLAN_LABELS)}>
        <input type="number" min={0} step={1} value={cap} onChange={(event) => setCap(event.target.value)} />
      </Field>
      <Field label="Cycle length (days)" error={fieldError(change.error, 'cycle_days', PLAN_LABELS)}>
        <input type="number" min={0} step="any" value={days} onChange={(event) => setDays(event.target.value)} />
      </Field>
      <Field label="In-flight limit" error={fieldError(change.error, 'in_flight_limit', PLAN_LABELS)}>
        <input type="number" min={1} step={1} value={limit} onChange={(event) => setLimit(event.target.value)} />
      </Field>
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {change.isPending ? 'Saving…' : 'Change the plan'}
        </button>
      </div>
    </form>
  );
}
