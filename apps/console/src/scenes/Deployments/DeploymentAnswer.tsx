import type { Deployment } from '../../api/dashboard-types';
import { AttachmentList } from '../../common/AttachmentList/AttachmentList';
import MarkdownPreview from '../../common/MarkdownPreview/MarkdownPreview';
import { TypedData } from '../../common/TypedData/TypedData';
import { When } from '../../common/When/When';

export function QuestionAndReply({ deployment: d }: { deployment: Deployment }) {
  if (!d.question) return null;
  return (
    <section className="card" aria-labelledby="question-heading">
      <h2 id="question-heading">Question and reply</h2>
      <SaidAt who="The expert asked" at={d.question.asked_at} />
      <p className="qa__body">{d.question.body}</p>
      {d.reply ? (
        <div className="qa__reply">
          <SaidAt who="Your agent replied" at={d.reply.replied_at} />
          <p className="qa__body">{d.reply.body}</p>
        </div>
      ) : (
        <p className="callout">
          Waiting for your agent's reply, until <When iso={d.question.reply_deadline} />: <code>POST /v1/deployments/{d.id}/reply</code> with{' '}
          <code>{'{"body": "…"}'}</code>.
        </p>
      )}
    </section>
  );
}

/** Who spoke, with when in small print after it. */
function SaidAt({ who, at }: { who: string; at: string }) {
  return (
    <p className="qa__label">
      {who}{' '}
      <span className="muted small">
        (<When iso={at} />)
      </span>
    </p>
  );
}

export function Output({ deployment: d }: { deployment: Deployment }) {
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
          <AttachmentList attachments={d.output.attachments} nameClassName="attachment-list__name" />
          <p className="muted small">Download links are signed and work for 24 hours from this reading.</p>
        </>
      )}
    </section>
  );
}

/** The JSON Schema the typed answer follows, folded away: a program's contract, seldom read. */
export function OutputSchema({ deployment: d }: { deployment: Deployment }) {
  if (!d.output_schema) return null;
  return (
    <details className="card schema-panel">
      <summary>Answer schema</summary>
      <p className="muted small">The JSON Schema given on create; the expert's typed answer is checked against it.</p>
      <pre className="json-view" role="region" aria-label="The answer schema" tabIndex={0}>
        <code>{JSON.stringify(d.output_schema, null, 2)}</code>
      </pre>
    </details>
  );
}

/** An agent's reason is their own words, with or without a full stop: the next sentence needs one. */
const endSentence = (text: string): string => (/[.!?…]["'”’)]?$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

export function Ending({ deployment: d }: { deployment: Deployment }) {
  if (d.cancellation) {
    return (
      <p className="callout callout--ended">
        Cancelled by {d.cancellation.cancelled_by} on <When iso={d.cancellation.cancelled_at} />
        {d.cancellation.reason ? `: ${endSentence(d.cancellation.reason)}` : '.'} Held credits went back to the workspace.
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
