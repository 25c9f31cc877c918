import type { Deployment, Mode } from '../../api/dashboard-types';
import { Link } from '../../app/router';
import { dashboardPath } from '../../app/routes';
import { DEADLINE_LABELS } from '../../common/deadlines';
import { formatDuration } from '../../common/format';
import { When } from '../../common/When/When';
import { URGENCY_TEXT } from '../../common/work-text';

/** The deployment's facts beside its story: when, how urgent, who, what it cost, where it reports. */
export function Facts({ deployment: d }: { deployment: Deployment }) {
  const metadata = Object.entries(d.metadata);
  return (
    <section className="card" aria-labelledby="facts-heading">
      <h2 id="facts-heading">Details</h2>
      <dl className="facts">
        <div>
          <dt>Created</dt>
          <dd>
            <When iso={d.created_at} />
          </dd>
        </div>
        <div>
          <dt>Urgency</dt>
          <dd>{URGENCY_TEXT[d.urgency] ?? d.urgency}</dd>
        </div>
        {/* The matching deadline matters only while no expert has accepted (the expert's console uses the same words). */}
        {d.status === 'pending' && (
          <div>
            <dt>{DEADLINE_LABELS.acceptBy}</dt>
            <dd>
              <When iso={d.sla_deadline} />
            </dd>
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
export function Chain({ mode, deployment: d }: { mode: Mode; deployment: Deployment }) {
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
