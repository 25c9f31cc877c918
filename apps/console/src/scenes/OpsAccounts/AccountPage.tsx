import { Fact } from '../../common/Fact/Fact';
import type { AccountPlan, AccountSummary } from '../../api/dashboard-types';
import { useAccount, useAccountHistory, useAdminLimitRequests, useAdminWorkspace, usePlans } from '../../api/ops-queries';
import { Link } from '../../app/router';
import { Breadcrumbs } from '../../common/Breadcrumbs/Breadcrumbs';
import { capText, planName } from '../../common/plan-text';
import { formatDateTime, plural } from '../../common/format';
import { RecordPageStates } from '../../common/States/RecordPageStates';
import { Page } from '../../common/Page/Page';
import { When } from '../../common/When/When';
import { EmptyState, QueryStates } from '../../common/States/States';
import { GrantForm } from './GrantForm';
import { PlanForm } from './PlanForm';
import { ResolveRequest } from './ResolveRequest';

const n = (value: number) => value.toLocaleString();

/** One workspace's credit account: figures, a grant of credits, the plan, its limit requests. */
export default function AccountPage({ workspaceId }: { workspaceId: string }) {
  const account = useAccount(workspaceId);
  const requests = useAdminLimitRequests('open');
  const workspace = useAdminWorkspace(workspaceId);
  const presets = usePlans();
  const name = workspace.data?.name ?? workspaceId;
  const crumbs = <Breadcrumbs items={[{ label: 'Accounts', to: '/ops/accounts' }, { label: name }]} />;
  if (!account.isSuccess) {
    return (
      <RecordPageStates
        query={account}
        title="Account"
        what="the account"
        above={crumbs}
        notFound={
          <EmptyState title={`No workspace ${workspaceId}.`}>
            <p>
              See the <Link to="/ops/accounts">accounts</Link>.
            </p>
          </EmptyState>
        }
      />
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
        <Fact label="Remaining">{n(a.credits_remaining)}</Fact>
        <Fact label="Reserved">{n(a.credits_reserved)}</Fact>
        <Fact label="Cycle allowance left">{n(a.allowance)}</Fact>
        <Fact label="Top-ups (carry over)">{n(a.topup)}</Fact>
      </dl>
      <section className="card" aria-labelledby="cycle-heading">
        <h2 id="cycle-heading">Cycle</h2>
        <dl className="facts facts--row">
          <Fact label="Cycle">{a.cycle_start && a.cycle_end ? `${formatDateTime(a.cycle_start)} to ${formatDateTime(a.cycle_end)}` : 'Not started'}</Fact>
          <Fact label="Charged this cycle">
            {plural(a.charged_this_cycle, 'credit')} charged · {plural(a.deployments_this_cycle, 'live deployment')} started
          </Fact>
          <Fact label="Thresholds reached">{a.thresholds_reached.length ? a.thresholds_reached.map((t) => `${t} %`).join(', ') : 'None'}</Fact>
          <Fact label="Plan">{a.plan ? `${planName(a.plan, presets)}: ${capText(a.plan)}, ${a.plan.in_flight_limit} in flight` : 'None yet'}</Fact>
        </dl>
      </section>
    </>
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
