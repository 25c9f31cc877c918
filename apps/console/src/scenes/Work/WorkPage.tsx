import { useEffect, useRef } from 'react';
import { describeError } from '../../api/api-error';
import { useDeployment, useStart } from '../../api/queries';
import type { ExpertDeployment } from '../../api/types';
import { Link } from '../../app/router';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { RecordPageStates } from '../../common/States/RecordPageStates';
import { Page } from '../../common/Page/Page';
import { EmptyState } from '../../common/States/States';
import { StatusBadge } from '../../common/StatusBadge/StatusBadge';
import { briefTitle } from '../../common/work-text';
import { BriefPanel } from './BriefPanel';
import { CancelPanel } from './CancelPanel';
import { FollowUpPanel } from './FollowUpPanel';
import { MemoryPanel } from './MemoryPanel';
import { OutputEditor } from './OutputEditor';
import { OutputView } from './OutputView';
import { QuestionPanel } from './QuestionPanel';

const WORKING = new Set(['accepted', 'in_progress', 'needs_input']);

/** Says so when the agent's reply arrives while the page is open (it comes in over the live stream). */
function useReplyAnnouncement(deployment: ExpertDeployment | undefined) {
  const announce = useAnnounce();
  const seen = useRef<string | null | undefined>(undefined);
  const repliedAt = deployment?.reply?.replied_at ?? null;
  useEffect(() => {
    if (deployment === undefined) return;
    if (seen.current === null && repliedAt) announce('The agent replied to your question. Their answer is under "Your question".', 'info');
    seen.current = repliedAt;
  }, [deployment, repliedAt, announce]);
}

/** One deployment: everything to do the work, write the output and hand it over. */
export default function WorkPage({ deploymentId }: { deploymentId: string }) {
  const deployment = useDeployment(deploymentId);
  useReplyAnnouncement(deployment.data);

  if (!deployment.isSuccess) {
    return (
      <RecordPageStates
        query={deployment}
        title="Work"
        what="the deployment"
        notFound={
          <EmptyState title="No such deployment for you.">
            <p>
              It does not exist, or it was offered or assigned to someone else. See <Link to="/work">your work</Link>.
            </p>
          </EmptyState>
        }
      />
    );
  }
  const d = deployment.data;
  const working = d.relation === 'assigned' && WORKING.has(d.status);
  return (
    <Page
      title={briefTitle(d.brief)}
      lead={
        <p className="work-status">
          <StatusBadge status={d.status} /> <span className="muted">Deployment {d.id}</span>
        </p>
      }
    >
      <StatusNotice deployment={d} />
      <div className="work-grid">
        <BriefPanel deployment={d} />
        <FollowUpPanel deployment={d} />
        <QuestionPanel deployment={d} />
        <MemoryPanel deployment={d} />
      </div>
      {(d.status === 'in_progress' || d.status === 'needs_input') && d.relation === 'assigned' && <OutputEditor deployment={d} />}
      {d.output && <OutputView deployment={d} />}
      {working && <CancelPanel deployment={d} />}
    </Page>
  );
}

/** What the status means for the expert now, and the next step. */
function StatusNotice({ deployment }: { deployment: ExpertDeployment }) {
  const start = useStart(deployment.id);
  const announce = useAnnounce();
  switch (deployment.status) {
    case 'pending':
      return (
        <p className="callout">
          This is an offer. Answer it on the <Link to="/offers">Offers</Link> page.
        </p>
      );
    case 'accepted':
      return (
        <div className="callout callout--action">
          <p>You accepted this work. Time worked is counted from when you start.</p>
          <button
            type="button"
            className="button button--primary"
            disabled={start.isPending}
            onClick={() =>
              start.mutate(undefined, {
                onSuccess: () => announce('Started. Time worked is counted from now; your draft saves as you write.'),
                onError: (error) => announce(`Not started: ${describeError(error)}`, 'error'),
              })
            }
          >
            {start.isPending ? 'Starting…' : 'Start work'}
          </button>
        </div>
      );
    case 'needs_input':
      return <p className="callout">Waiting for the agent to answer your question. You can keep writing; publishing opens once they reply.</p>;
    case 'in_progress':
      return null;
    case 'completed':
      return <p className="callout callout--done">Published. The agent has your output.</p>;
    case 'cancelled':
      return (
        <p className="callout">Cancelled{deployment.cancellation ? ` by ${deployment.cancellation.cancelled_by}: ${deployment.cancellation.reason}` : ''}.</p>
      );
    case 'expired':
      return <p className="callout">Expired{deployment.expiry ? ` (${deployment.expiry.reason.replaceAll('_', ' ')})` : ''}.</p>;
  }
}
