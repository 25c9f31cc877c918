import { Fact } from '../../common/Fact/Fact';
import { useState, type FormEvent } from 'react';
import { describeError, fieldError } from '../../api/api-error';
import { useLimitRequests, useRequestLimit, useWorkspace } from '../../api/workspace-queries';
import type { LimitRequest, Mode, WorkspaceInfo } from '../../api/dashboard-types';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Field } from '../../common/Field/Field';
import { plural } from '../../common/format';
import { When } from '../../common/When/When';
import { Page } from '../../common/Page/Page';
import { planName } from '../../common/plan-text';
import { EmptyState, QueryStates } from '../../common/States/States';
import { SubmitButton } from '../../common/SubmitButton/SubmitButton';

const STATUS: Record<LimitRequest['status'], { text: string; icon: string; tone: string }> = {
  open: { text: 'Waiting for operations', icon: '○', tone: 'pending' },
  granted: { text: 'Granted', icon: '✓', tone: 'success' },
  declined: { text: 'Declined', icon: '✕', tone: 'danger' },
};

/** The plan's limits, and a request to raise the in-flight limit (it reaches operations). */
const LIMIT_LABELS = { in_flight_limit: 'New in-flight limit', reason: 'Why' } as const;

export default function PlanPage({ canRequest }: { mode: Mode; canRequest: boolean }) {
  const workspace = useWorkspace();
  const requests = useLimitRequests();
  return (
    <Page title="Plan and limits" lead={<p>Limits apply to live deployments; test mode is free and unlimited apart from the rate limit.</p>}>
      <QueryStates query={workspace} what="your plan" />
      {workspace.isSuccess && <Limits workspace={workspace.data} />}
      {workspace.isSuccess &&
        (canRequest ? <RequestForm workspace={workspace.data} /> : <p className="callout">Only the workspace's owners can ask for a higher limit.</p>)}
      <h2>Your requests</h2>
      <QueryStates query={requests} what="your requests" />
      {requests.isSuccess && requests.data.data.length === 0 && (
        <EmptyState title="No requests yet.">
          <p>
            When deployments are refused with 429 <code>in_flight_limit_reached</code>, ask for a higher limit above.
          </p>
        </EmptyState>
      )}
      {requests.isSuccess && requests.data.data.length > 0 && (
        <ul className="card-list" aria-label="Limit requests">
          {requests.data.data.map((request) => (
            <li key={request.id} className="card">
              <p>
                <span className={`badge badge--tone-${STATUS[request.status].tone}`}>
                  <span aria-hidden="true">{STATUS[request.status].icon} </span>
                  {STATUS[request.status].text}
                </span>{' '}
                <strong>
                  {request.current_in_flight_limit} → {request.requested_in_flight_limit}
                </strong>{' '}
                <span className="muted small">
                  asked by {request.requested_by.label}, <When iso={request.created_at} />
                </span>
              </p>
              <p className="brief">{request.reason}</p>
              {request.resolved_at && (
                <p className="muted small">
                  Answered <When iso={request.resolved_at} />
                  {request.resolution_note ? `: ${request.resolution_note}` : '.'}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

function Limits({ workspace }: { workspace: WorkspaceInfo }) {
  const { plan } = workspace;
  return (
    <dl className="totals" aria-label="Current limits">
      <Fact label="Plan">{planName(plan, workspace.plan_customised)}</Fact>
      <Fact label="Credits each cycle">
        {plan.cycle_cap_credits === 0 ? <span className="totals__unit">None: granted credits only</span> : plan.cycle_cap_credits.toLocaleString()}
      </Fact>
      <Fact label="Cycle length">{plural(plan.cycle_days, 'day')}</Fact>
      <Fact label="In-flight limit (live deployments at once)">
        {plan.in_flight_limit.toLocaleString()}
        <span className="totals__unit"> ({workspace.in_flight.toLocaleString()} in flight now)</span>
      </Fact>
    </dl>
  );
}

function RequestForm({ workspace }: { workspace: WorkspaceInfo }) {
  const request = useRequestLimit();
  const announce = useAnnounce();
  const current = workspace.plan.in_flight_limit;
  const [limit, setLimit] = useState(String(current * 2));
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const wanted = Number(limit);
  const limitError = !Number.isInteger(wanted) || wanted <= current ? `A whole number above today's ${current}.` : wanted > 10_000 ? 'At most 10,000.' : null;
  const reasonError = !reason.trim() ? 'Say why: operations decide on it.' : reason.length > 1000 ? 'At most 1,000 characters.' : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (limitError || reasonError) return;
    request.mutate(
      { in_flight_limit: wanted, reason: reason.trim() },
      {
        onSuccess: () => {
          setReason('');
          setChecked(false);
          announce(`Request sent: operations have it. You will see their answer here.`);
        },
        onError: (failure) => announce(`Request not sent: ${describeError(failure, LIMIT_LABELS)}`, 'error'),
      },
    );
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="raise-heading">
      <h2 id="raise-heading">Ask for a higher in-flight limit</h2>
      <Field
        label="New in-flight limit"
        hint={`Live deployments running at once. Today: ${current}.`}
        error={(checked && limitError) || fieldError(request.error, 'in_flight_limit', LIMIT_LABELS)}
      >
        <input type="number" min={current + 1} max={10_000} step={1} value={limit} onChange={(event) => setLimit(event.target.value)} />
      </Field>
      <Field
        label="Why"
        hint="What you run and when; operations read it."
        error={(checked && reasonError) || fieldError(request.error, 'reason', LIMIT_LABELS)}
      >
        <textarea rows={3} maxLength={1000} value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
      <SubmitButton busy={request.isPending} busyLabel="Sending…">
        Send the request
      </SubmitButton>
    </form>
  );
}
