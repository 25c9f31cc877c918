import type { ExpertDeployment } from '../../api/types';
import { AttachmentList } from '../../common/AttachmentList/AttachmentList';
import { JsonView } from '../../common/JsonView/JsonView';
import MarkdownPreview from '../../common/MarkdownPreview/MarkdownPreview';
import { When } from '../../common/When/When';

/** On a follow-up, the earlier work it continues: its brief, question, reply and what was handed over. */
export function FollowUpPanel({ deployment: d }: { deployment: ExpertDeployment }) {
  const earlier = d.follow_up_of;
  if (!earlier) return null;
  return (
    <section className="card follow-up-panel" aria-labelledby="follow-up-heading">
      <h2 id="follow-up-heading">
        Follow-up to <code>{earlier.deployment_id}</code>
      </h2>
      <p className="muted small">
        The agent continues earlier work
        {earlier.completed_at ? (
          <>
            , finished <When iso={earlier.completed_at} />
          </>
        ) : null}
        . Read it before you start.
      </p>
      <h3>Earlier brief</h3>
      <p className="brief">{earlier.brief}</p>
      {earlier.question && (
        <div className="qa">
          <h3>Question asked then</h3>
          <blockquote className="qa__body">{earlier.question}</blockquote>
          <h3>The agent's reply</h3>
          {earlier.reply ? <blockquote className="qa__body">{earlier.reply}</blockquote> : <p className="muted">No reply was given.</p>}
        </div>
      )}
      <h3>Earlier output</h3>
      {earlier.output ? (
        <>
          <MarkdownPreview source={earlier.output.body} label={`Earlier output of ${earlier.deployment_id}`} empty="(no text)" />
          {earlier.output.data && (
            <details className="follow-up-panel__data">
              <summary>Typed answer given then</summary>
              <JsonView text={JSON.stringify(earlier.output.data)} label={`Typed answer of ${earlier.deployment_id}`} />
            </details>
          )}
          {earlier.output.attachments.length > 0 && <AttachmentList attachments={earlier.output.attachments} label="Earlier attachments" withType={false} />}
        </>
      ) : (
        <p className="muted">No output is shown for the earlier work.</p>
      )}
    </section>
  );
}
