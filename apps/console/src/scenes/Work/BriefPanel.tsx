import { Fact } from '../../common/Fact/Fact';
import type { ExpertDeployment } from '../../api/types';
import { Countdown } from '../../common/Countdown/Countdown';
import { DEADLINE_LABELS, OFFER_CLOSES } from '../../common/deadlines';
import { SkillList } from '../../common/SkillList/SkillList';
import { URGENCY_TEXT } from '../../common/work-text';

/** The file's name from its URL, for a readable link. */
const fileName = (url: string): string => {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? url);
  } catch {
    return url;
  }
};

export function ContextLinks({ urls, label }: { urls: readonly string[]; label: string }) {
  if (urls.length === 0) return null;
  return (
    <ul className="links" aria-label={label}>
      {urls.map((url) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noopener noreferrer">
            {fileName(url)}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The brief and what comes with it: skills, urgency, the offer's deadline while offered, context, the charge cap. */
export function BriefPanel({ deployment: d }: { deployment: ExpertDeployment }) {
  return (
    <section className="card brief-panel" aria-labelledby="brief-heading">
      <h2 id="brief-heading">Brief</h2>
      <p className="brief">{d.brief}</p>
      <dl className="facts">
        {/* Only an open offer has a deadline here: accepted work has no delivery deadline in the API, and the matching deadline is not one. */}
        {d.relation === 'offered' && d.status === 'pending' && d.offer_expires_at && (
          <Fact label={DEADLINE_LABELS.acceptBy}>
            <Countdown to={d.offer_expires_at} label={OFFER_CLOSES} urgentBelowSeconds={60} />
          </Fact>
        )}
        <Fact label="Urgency">{URGENCY_TEXT[d.urgency] ?? d.urgency}</Fact>
        <Fact label="Skills">
          <SkillList skills={d.skills} />
        </Fact>
        <Fact label="Charge cap">{d.credits_reserved} credits (reserved by the workspace)</Fact>
        {d.handoff && (
          <Fact label="Return as">
            <code>{d.handoff.artifact}</code>
          </Fact>
        )}
        <Fact label="Context">
          {d.context_url ? (
            <a href={d.context_url} target="_blank" rel="noopener noreferrer">
              {d.context_url}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : d.context_files.length === 0 ? (
            <span className="muted">No context link or files came with this brief.</span>
          ) : null}
          <ContextLinks urls={d.context_files} label="Context files" />
        </Fact>
      </dl>
    </section>
  );
}
