import { ApiError } from '../../api/api-error';
import { useDeploymentLive } from '../../api/dashboard-live';
import { useDeliveryList } from '../../api/delivery-queries';
import { useDeploymentDetail, useDeploymentEvents } from '../../api/deployment-queries';
import { useEndpoints } from '../../api/webhook-endpoint-queries';
import type { Deployment, Mode } from '../../api/dashboard-types';
import { Link } from '../../app/router';
import { dashboardPath } from '../../app/routes';
import { Breadcrumbs } from '../../common/Breadcrumbs/Breadcrumbs';
import { CopyButton } from '../../common/CopyButton/CopyButton';
import { DeliveryStatusBadge } from '../../common/DeliveryStatus/DeliveryStatus';
import { DeploymentStatusBadge } from '../../common/DeploymentStatus/DeploymentStatus';
import { formatBytes, formatDuration } from '../../common/format';
import { TypedData } from '../../common/TypedData/TypedData';
import { DEADLINE_LABELS } from '../../common/deadlines';
import { When } from '../../common/When/When';
import MarkdownPreview from '../../common/MarkdownPreview/MarkdownPreview';
import { Page } from '../../common/Page/Page';
import { EmptyState, ErrorState, Loading } from '../../common/States/States';
import { briefTitle, URGENCY_TEXT } from '../../common/work-text';
import { CancelDeployment } from './CancelDeployment';
import { EventTimeline } from './EventTimeline';
import { Feedback } from './Feedback';
import { RoutingHistory } from './RoutingHistory';

const LIVE_TEXT = { connecting: 'connecting…', live: 'live', reconnecting: 'reconnecting…' } as const;

/** One deployment: what was asked, what happened (live), what came back. */
export default function DeploymentPage({ mode, deploymentId }: { mode: Mode; deploymentId: string }) {
  const deployment = useDeploymentDetail(mode, deploymentId);
  const events = useDeploymentEvents(mode, deploymentId);
  const live = useDeploymentLive(mode, deploymentId);
  const crumbs = <Breadcrumbs items={[{ label: 'Deployments', to: dashboardPath(mode, { page: 'deployments' }) }, { label: deployment.data ? briefTitle(deployment.data.brief) : deploymentId }]} />;

  if (deployment.isPending) {
    return (
      <Page title="Deployment" above={crumbs}>
        <Loading what="the deployment" />
      </Page>
    );
  }
  if (deployment.isError) {
    const missing = deployment.error instanceof ApiError && deployment.error.status === 404;
    return (
      <Page title="Deployment" above={crumbs}>
        {missing ? (
          <EmptyState title={`No ${mode} deployment ${deploymentId}.`}>
            <p>
              It may belong to the other mode{mode === 'live' ? ' (test mode)' : ' (live mode)'} or to another workspace. See the <Link to={dashboardPath(mode, { page: 'deployments' })}>deployments</Link>.
            </p>
          </EmptyState>
        ) : (
          <ErrorState what="the deployment" error={deployment.error} onRetry={() => void deployment.refetch()} />
        )}
      </Page>
    );
  }
  const d = deployment.data;
  return (
    <Page
      title={briefTitle(d.brief)}
      above={crumbs}
      lead={
        <p className="work-status">
          <span className="deployment-status" aria-live="polite">
            <span className="visually-hidden">Status: </span>
            <DeploymentStatusBadge status={d.status} />
          </span>{' '}
          <code>{d.id}</code> <CopyButton value={d.id} label="Copy the deployment id" />{' '}
          <span className="muted small">
            <span aria-hidden="true">{live === 'live' ? '● ' : '○ '}</span>Updates {LIVE_TEXT[live]}
          </span>
        </p>
      }
    >
      <div className="detail-grid">
        <div className="detail-grid__main">
          <section className="card" aria-labelledby="brief-heading">
            <h2 id="brief-heading">Brief</h2>
            <p className="brief">{d.brief}</p>
          </section>
          {(d.status === 'pending' || d.status === 'accepted' || d.status === 'expired') && <RoutingHistory mode={mode} deployment={d} />}
          <QuestionAndReply deployment={d} />
          <Output deployment={d} />
          <OutputSchema deployment={d} />
          <Feedback mode={mode} deployment={d} />
          <Ending deployment={d} />
          <section className="card" aria-labelledby="events-heading">
            <h2 id="events-heading">Event timeline</h2>
            {events.isPending && <Loading what="the events" />}
            {events.isError && <ErrorState what="the events" error={events.error} onRetry={() => void events.refetch()} />}
            {events.isSuccess && events.data.data.length === 0 && <p className="muted">No events yet: the first arrives when an expert accepts.</p>}
            {events.isSuccess && events.data.data.length > 0 && <EventTimeline events={events.data.data} />}
          </section>
        </div>
        <aside className="detail-grid__side" aria-label="Details">
          <Facts deployment={d} />
          <Chain mode={mode} deployment={d} />
          {(d.status === 'pending' || d.status === 'accepted') && <CancelDeployment mode={mode} deployment={d} />}
          <Deliveries mode={mode} deployment={d} />
        </aside>
      </div>
    </Page>
  );
}

function Facts({ deployment: d }: { deployment: Deployment }) {
  const metadata = Object.entries(d.metadata);
  return (
    <section className="card" aria-labelledby="facts-heading">
      <h2 id="facts-heading">Details</h2>
      <dl className="facts">
        <div>
          <dt>Created</dt>
          <dd><When iso={d.created_at} /></dd>
        </div>
        <div>
          <dt>Urgency</dt>
          <dd>{URGENCY_TEXT[d.urgency] ?? d.urgency}</dd>
        </div>
        {/* The matching deadline matters only while no expert has accepted (the expert's console uses the same words). */}
        {d.status === 'pending' && (
          <div>
            <dt>{DEADLINE_LABELS.acceptBy}</dt>
            <dd><When iso={d.sla_deadline} /></dd>
          </div>
        )}
        <div>
          <dt>Skills</dt>
          <dd>{d.skills.join(', ')}</dd>
        </div>
        <div>
          <dt>Expert</dt>
          <dd>{d.expert ? `${d.expert.name}, ${d.expert.role}` : 'None yet'}</dd>
        </div>
        <div>
          <dt>Credits</dt>
          <dd>
            {d.credits_charged !== undefined ? `${d.credits_charged.toLocaleString()} charged` : `${d.credits_reserved.toLocaleString()} held`}
            {d.duration_seconds !== undefined && ` · ${formatDuration(d.duration_seconds)} worked`}
          </dd>
        </div>
        {d.webhook_url && (
          <div>
            <dt>Webhook URL</dt>
            <dd>
              <code>{d.webhook_url}</code>
            </dd>
          </div>
        )}
        {d.context_url && (
          <div>
            <dt>Context</dt>
            <dd>
              <a href={d.context_url} target="_blank" rel="noopener noreferrer">
                {d.context_url}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </dd>
          </div>
        )}
        {metadata.length > 0 && (
          <div>
            <dt>Metadata</dt>
            <dd>
              <ul className="links">
                {metadata.map(([key, value]) => (
                  <li key={key}>
                    <code>{key}</code>: {String(value)}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** The earlier deployment this one follows up, and the later ones following it up, oldest first. */
function Chain({ mode, deployment: d }: { mode: Mode; deployment: Deployment }) {
  const followUps = d.follow_ups ?? [];
  if (!d.follow_up_to && followUps.length === 0) return null;
  const link = (deploymentId: string) => (
    <Link to={dashboardPath(mode, { page: 'deployment', deploymentId })}>
      <code>{deploymentId}</code>
    </Link>
  );
  return (
    <section className="card" aria-labelledby="chain-heading">
      <h2 id="chain-heading">Follow-ups</h2>
      {d.follow_up_to && <p>Follows up {link(d.follow_up_to)}, offered first to the same expert.</p>}
      {followUps.length > 0 && (
        <>
          <p className="muted small">Followed up by, oldest first:</p>
          <ol className="compact-list chain-list">
            {followUps.map((followUp) => (
              <li key={followUp}>{link(followUp)}</li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** The JSON Schema the typed answer follows, folded away: a program's contract, seldom read. */
function OutputSchema({ deployment: d }: { deployment: Deployment }) {
  if (!d.output_schema) return null;
  return (
    <details className="card schema-panel">
      <summary>Answer schema</summary>
      <p className="muted small">The JSON Schema given on create; the expert's typed answer is checked against it.</p>
      <pre className="json-view" aria-label="The answer schema" tabIndex={0}>
        <code>{JSON.stringify(d.output_schema, null, 2)}</code>
      </pre>
    </details>
  );
}

function QuestionAndReply({ deployment: d }: { deployment: Deployment }) {
  if (!d.question) return null;
  return (
    <section className="card" aria-labelledby="question-heading">
      <h2 id="question-heading">Question and reply</h2>
      <p className="qa__label">
        The expert asked <span className="muted small">(<When iso={d.question.asked_at} />)</span>
      </p>
      <p className="qa__body">{d.question.body}</p>
      {d.reply ? (
        <div className="qa__reply">
          <p className="qa__label">
            Your agent replied <span className="muted small">(<When iso={d.reply.replied_at} />)</span>
          </p>
          <p className="qa__body">{d.reply.body}</p>
        </div>
      ) : (
        <p className="callout">
          Waiting for your agent's reply, until <When iso={d.question.reply_deadline} />: <code>POST /v1/deployments/{d.id}/reply</code> with <code>{'{"body": "…"}'}</code>.
        </p>
      )}
    </section>
  );
}

function Output({ deployment: d }: { deployment: Deployment }) {
  if (!d.output) return null;
  const title = d.status === 'completed' ? 'Output' : 'Partial output';
  return (
    <section className="card" aria-labelledby="output-heading">
      <h2 id="output-heading">{title}</h2>
      {d.output.data !== undefined && (
        <>
          <h3>Typed answer</h3>
          <TypedData data={d.output.data} label="The typed answer" />
          <h3>Notes</h3>
        </>
      )}
      <MarkdownPreview source={d.output.body} label={`The expert's ${title.toLowerCase()}`} empty="The output has no text." />
      {d.output.attachments.length > 0 && (
        <>
          <h3>Attachments</h3>
          <ul className="attachment-list">
            {d.output.attachments.map((attachment) => (
              <li key={attachment.url}>
                <a href={attachment.url} target="_blank" rel="noopener noreferrer" className="attachment-list__name">
                  {attachment.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>{' '}
                <span className="muted">
                  {attachment.content_type}, {formatBytes(attachment.size_bytes)}
                </span>
              </li>
            ))}
          </ul>
          <p className="muted small">Download links are signed and work for 24 hours from this reading.</p>
        </>
      )}
    </section>
  );
}

function Ending({ deployment: d }: { deployment: Deployment }) {
  if (d.cancellation) {
    return (
      <p className="callout callout--ended">
        Cancelled by {d.cancellation.cancelled_by} on <When iso={d.cancellation.cancelled_at} />
        {d.cancellation.reason ? `: ${d.cancellation.reason}` : '.'} Held credits went back to the workspace.
      </p>
    );
  }
  if (d.expiry) {
    const why = d.expiry.reason === 'not_accepted' ? 'no expert accepted it in time' : 'the question was not answered in time';
    return (
      <p className="callout callout--ended">
        Expired on <When iso={d.expiry.expired_at} />: {why}. Held credits went back to the workspace.
      </p>
    );
  }
  return null;
}

function Deliveries({ mode, deployment: d }: { mode: Mode; deployment: Deployment }) {
  const list = useDeliveryList(mode, { deployment_id: d.id });
  const endpoints = useEndpoints(mode);
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const enabled = endpoints.data?.data.filter((endpoint) => endpoint.enabled) ?? [];
  const registered = endpoints.data?.data.length ?? 0;
  return (
    <section className="card" aria-labelledby="deliveries-heading">
      <h2 id="deliveries-heading">Webhook deliveries</h2>
      {list.isPending && <Loading what="deliveries" />}
      {list.isError && <ErrorState what="deliveries" error={list.error} onRetry={() => void list.refetch()} />}
      {list.isSuccess && items.length === 0 && endpoints.isSuccess && (enabled.length > 0 || d.webhook_url) && (
        <p className="muted">
          Nothing sent for this deployment yet. Its events go to{' '}
          {enabled.length > 0 && (
            <Link to={dashboardPath(mode, { page: 'webhooks' })}>
              {enabled.length === 1 ? 'your endpoint' : `your ${enabled.length} endpoints`}
            </Link>
          )}
          {enabled.length > 0 && d.webhook_url && ' and to '}
          {d.webhook_url && 'its webhook_url'} as they happen: the first when an expert accepts.
        </p>
      )}
      {list.isSuccess && items.length === 0 && endpoints.isSuccess && enabled.length === 0 && !d.webhook_url && registered > 0 && (
        <p className="muted">
          Nothing sent: your {registered === 1 ? 'endpoint is' : 'endpoints are'} disabled. Enable one on the <Link to={dashboardPath(mode, { page: 'webhooks' })}>Webhooks</Link> page to be told of every change.
        </p>
      )}
      {list.isSuccess && items.length === 0 && endpoints.isSuccess && registered === 0 && !d.webhook_url && (
        <p className="muted">
          None. Register an endpoint on the <Link to={dashboardPath(mode, { page: 'webhooks' })}>Webhooks</Link> page, or pass <code>webhook_url</code> on create, to be told of every change.
        </p>
      )}
      {items.length > 0 && (
        <ul className="compact-list">
          {items.map((delivery) => (
            <li key={delivery.id}>
              <Link to={dashboardPath(mode, { page: 'delivery', deliveryId: delivery.id })}>{delivery.event_type}</Link> <DeliveryStatusBadge status={delivery.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
