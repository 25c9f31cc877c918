import { useRef, useState, type FormEvent } from 'react';
import { ApiError, describeError, fieldError } from '../../api/api-error';
import type { AccountPlan, AccountSummary } from '../../api/dashboard-types';
import { useAccount, useAccountHistory, useAdminLimitRequests, useAdminWorkspace, useChangePlan, useGrantCredits, usePlans } from '../../api/ops-queries';
import { Link } from '../../app/router';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Breadcrumbs } from '../../common/Breadcrumbs/Breadcrumbs';
import { ConfirmDialog } from '../../common/ConfirmButton/ConfirmDialog';
import { capText, planName } from '../../common/plan-text';
import { Field } from '../../common/Field/Field';
import { formatDateTime, plural } from '../../common/format';
import { Page } from '../../common/Page/Page';
import { When } from '../../common/When/When';
import { EmptyState, ErrorState, Loading, QueryStates } from '../../common/States/States';
import { ResolveRequest } from './ResolveRequest';
import { SubmitButton } from '../../common/SubmitButton/SubmitButton';

const n = (value: number) => value.toLocaleString();

/** One workspace's credit account: figures, a grant of credits, the plan, its limit requests. */
const GRANT_LABELS = { credits: 'Credits', reference: 'Reference', note: 'Note' } as const;
const PLAN_LABELS = { name: 'Preset', cycle_cap_credits: 'Credits each cycle', cycle_days: 'Cycle length (days)', in_flight_limit: 'In-flight limit' } as const;

export default function AccountPage({ workspaceId }: { workspaceId: string }) {
  const account = useAccount(workspaceId);
  const requests = useAdminLimitRequests('open');
  const workspace = useAdminWorkspace(workspaceId);
  const presets = usePlans();
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
          <code>{workspaceId}</code> ·{' '}
          {a.opened
            ? `plan ${a.plan ? planName(a.plan, presets.data?.data) : '—'}`
            : 'no account yet: it opens with the first grant, plan change or live deployment'}
          .
        </p>
      }
    >
      <Figures account={a} presets={presets.data?.data} />
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
        <GrantForm workspaceId={workspaceId} workspaceName={name} />
        <PlanForm workspaceId={workspaceId} workspaceName={name} plan={a.plan} />
      </div>
      <AccountHistory workspaceId={workspaceId} />
    </Page>
  );
}

function Figures({ account: a, presets }: { account: AccountSummary; presets: AccountPlan[] | undefined }) {
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
              {plural(a.charged_this_cycle, 'credit')} charged · {plural(a.deployments_this_cycle, 'live deployment')} started
            </dd>
          </div>
          <div>
            <dt>Thresholds reached</dt>
            <dd>{a.thresholds_reached.length ? a.thresholds_reached.map((t) => `${t} %`).join(', ') : 'None'}</dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>{a.plan ? `${planName(a.plan, presets)}: ${capText(a.plan)}, ${a.plan.in_flight_limit} in flight` : 'None yet'}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}

function GrantForm({ workspaceId, workspaceName }: { workspaceId: string; workspaceName: string }) {
  const grant = useGrantCredits(workspaceId);
  const announce = useAnnounce();
  const [credits, setCredits] = useState('');
  const [note, setNote] = useState('');
  const [reference, setReference] = useState('');
  const [checked, setChecked] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const amount = Number(credits);
  const creditsError = !Number.isInteger(amount) || amount < 1 || amount > 1_000_000_000 ? 'A whole number of credits, at least 1.' : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (creditsError) return;
    dialog.current?.showModal();
  };
  const send = () => {
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
      <Field
        label="Credits"
        hint="A top-up: it carries over from cycle to cycle."
        error={(checked && creditsError) || fieldError(grant.error, 'credits', GRANT_LABELS)}
      >
        <input type="number" min={1} step={1} value={credits} onChange={(event) => setCredits(event.target.value)} />
      </Field>
      <Field
        label="Reference (optional)"
        hint="An invoice number: the same reference twice grants once."
        error={fieldError(grant.error, 'reference', GRANT_LABELS)}
      >
        <input type="text" maxLength={100} value={reference} onChange={(event) => setReference(event.target.value)} />
      </Field>
      <Field label="Note (optional)" error={fieldError(grant.error, 'note', GRANT_LABELS)}>
        <input type="text" maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
      </Field>
      <SubmitButton busy={grant.isPending} busyLabel="Granting…">
        Grant credits
      </SubmitButton>
      <ConfirmDialog
        dialog={dialog}
        title={`Grant ${plural(creditsError ? 0 : amount, 'credit')} to ${workspaceName}?`}
        confirmLabel={`Grant ${plural(creditsError ? 0 : amount, 'credit')}`}
        onConfirm={send}
        danger={false}
      >
        <p>
          They are a top-up: spendable at once and carried over from cycle to cycle. A grant cannot be taken back
          {reference.trim() ? '' : '; a reference (an invoice number) makes a repeated grant count once'}.
        </p>
      </ConfirmDialog>
    </form>
  );
}

function PlanForm({ workspaceId, workspaceName, plan }: { workspaceId: string; workspaceName: string; plan: AccountPlan | null }) {
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
  const dialog = useRef<HTMLDialogElement>(null);
  const body: Partial<AccountPlan> = {};
  if (name) body.name = name;
  if (cap.trim()) body.cycle_cap_credits = Number(cap);
  if (days.trim()) body.cycle_days = Number(days);
  if (limit.trim()) body.in_flight_limit = Number(limit);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dialog.current?.showModal();
  };
  const send = () => {
    change.mutate(body, {
      onSuccess: (account) =>
        announce(
          `Plan changed: ${account.plan?.name ?? ''}, ${n(account.plan?.cycle_cap_credits ?? 0)} credits a cycle, ${account.plan?.in_flight_limit ?? 0} in flight.`,
        ),
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
      <SubmitButton busy={change.isPending} busyLabel="Saving…">
        Change the plan
      </SubmitButton>
      <ConfirmDialog dialog={dialog} title={`Change the plan of ${workspaceName}?`} confirmLabel="Change the plan" onConfirm={send} danger={false}>
        <p>
          From {plan ? `${plan.name}: ${capText(plan)}, ${plural(plan.cycle_days, 'day')} a cycle, ${plan.in_flight_limit} in flight` : 'the standard plan'} to{' '}
          {body.name ?? plan?.name ?? 'standard'}:{' '}
          {body.cycle_cap_credits !== undefined ? capText({ cycle_cap_credits: body.cycle_cap_credits }) : 'the cap unchanged'},{' '}
          {body.cycle_days !== undefined ? `${plural(body.cycle_days, 'day')} a cycle` : 'the cycle unchanged'},{' '}
          {body.in_flight_limit !== undefined ? `${body.in_flight_limit} in flight` : 'the in-flight limit unchanged'}. It applies at once.
        </p>
      </ConfirmDialog>
    </form>
  );
}

/** Every grant and plan change, newest first, with who made it (the workspace's audit log). */
function AccountHistory({ workspaceId }: { workspaceId: string }) {
  const history = useAccountHistory(workspaceId);
  return (
    <section className="card" aria-labelledby="account-history-heading">
      <h2 id="account-history-heading">Grants and plan changes</h2>
      <QueryStates query={history} what="the history" />
      {history.isSuccess && history.data.length === 0 && <p className="muted">No credits granted and no plan changed yet.</p>}
      {history.isSuccess && history.data.length > 0 && (
        <ul className="compact-list" aria-labelledby="account-history-heading">
          {history.data.map((entry) => (
            <li key={entry.id} data-action={entry.action}>
              <strong>
                {entry.action === 'credits.granted' ? `${entry.target.label ?? 'Credits'} granted` : `Plan changed to ${entry.target.label ?? '—'}`}
              </strong>
              {entry.action === 'credits.granted' && entry.target.id && <span className="muted"> · reference {entry.target.id}</span>}
              <br />
              <span className="muted small">
                <When iso={entry.occurred_at} /> · {entry.actor.label}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
