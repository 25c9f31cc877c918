import { useDeploymentLive } from '../../api/dashboard-live';
import { useDeploymentDetail, useDeploymentEvents } from '../../api/deployment-queries';
import type { Mode } from '../../api/dashboard-types';
import { Link } from '../../app/router';
import { dashboardPath } from '../../app/routes';
import { Breadcrumbs } from '../../common/Breadcrumbs/Breadcrumbs';
import { CopyButton } from '../../common/CopyButton/CopyButton';
import { DeploymentStatusBadge } from '../../common/DeploymentStatus/DeploymentStatus';
import { RecordPageStates } from '../../common/States/RecordPageStates';
import { Page } from '../../common/Page/Page';
import { EmptyState, QueryStates } from '../../common/States/States';
import { briefTitle } from '../../common/work-text';
import { CancelDeployment } from './CancelDeployment';
import { Ending, Output, OutputSchema, QuestionAndReply } from './DeploymentAnswer';
import { Deliveries } from './DeploymentDeliveries';
import { Chain, Facts } from './DeploymentFacts';
import { EventTimeline } from './EventTimeline';
import { Feedback } from './Feedback';
import { RoutingHistory } from './RoutingHistory';

const LIVE_TEXT = { connecting: 'connecting…', live: 'live', reconnecting: 'reconnecting…' } as const;

/** One deployment: what was asked, what happened (live), what came back. */
export default function DeploymentPage({ mode, deploymentId }: { mode: Mode; deploymentId: string }) {
  const deployment = useDeploymentDetail(mode, deploymentId);
  const events = useDeploymentEvents(mode, deploymentId);
  const live = useDeploymentLive(mode, deploymentId);
  const crumbs = (
    <Breadcrumbs
      items={[
        { label: 'Deployments', to: dashboardPath(mode, { page: 'deployments' }) },
        { label: deployment.data ? briefTitle(deployment.data.brief) : deploymentId },
      ]}
    />
  );

  if (!deployment.isSuccess) {
    return (
      <RecordPageStates
        query={deployment}
        title="Deployment"
        what="the deployment"
        above={crumbs}
        notFound={
          <EmptyState title={`No ${mode} deployment ${deploymentId}.`}>
            <p>
              It may belong to the other mode{mode === 'live' ? ' (test mode)' : ' (live mode)'} or to another workspace. See the{' '}
              <Link to={dashboardPath(mode, { page: 'deployments' })}>deployments</Link>.
            </p>
          </EmptyState>
        }
      />
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
            <QueryStates query={events} what="the events" />
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
