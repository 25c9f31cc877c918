import { Fact } from '../../common/Fact/Fact';
import type { Deployment, Mode } from '../../api/dashboard-types';
import { creditsText } from './deployment-credits';
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
        <Fact label="Created">
          <When iso={d.created_at} />
        </Fact>
        <Fact label="Urgency">{URGENCY_TEXT[d.urgency] ?? d.urgency}</Fact>
        {/* The matching deadline matters only while no expert has accepted (the expert's console uses the same words). */}
        {d.status === 'pending' && (
          <Fact label={DEADLINE_LABELS.acceptBy}>
            <When iso={d.sla_deadline} />
          </Fact>
        )}
        <Fact label="Skills">{d.skills.join(', ')}</Fact>
        <Fact label="Expert">{d.expert ? `${d.expert.name}, ${d.expert.role}` : 'None yet'}</Fact>
        <Fact label="Credits">
          {creditsText(d) ?? 'None'}
          {d.duration_seconds !== undefined && ` · ${formatDuration(d.duration_seconds)} worked`}
        </Fact>
        {d.webhook_url && (
          <Fact label="Webhook URL">
            <code>{d.webhook_url}</code>
          </Fact>
        )}
        {d.context_url && (
          <Fact label="Context">
            <a href={d.context_url} target="_blank" rel="noopener noreferrer">
              {d.context_url}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </Fact>
        )}
        {metadata.length > 0 && (
          <Fact label="Metadata">
            <ul className="links">
              {metadata.map(([key, value]) => (
                <li key={key}>
                  <code>{key}</code>: {String(value)}
                </li>
              ))}
            </ul>
          </Fact>
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
