import type { ExpertDeployment } from '../../api/types';
import { AttachmentList } from '../../common/AttachmentList/AttachmentList';
import { JsonView } from '../../common/JsonView/JsonView';
import MarkdownPreview from '../../common/MarkdownPreview/MarkdownPreview';

/** The output as handed over (completed), or the partial output left with a cancellation. */
export function OutputView({ deployment: d }: { deployment: ExpertDeployment }) {
  if (!d.output) return null;
  const title = d.status === 'completed' ? 'Published output' : 'Partial output';
  return (
    <section className="card" aria-labelledby="published-heading">
      <h2 id="published-heading">{title}</h2>
      <MarkdownPreview source={d.output.body} label={`Text of the ${title.toLowerCase()}`} />
      {d.output.data && (
        <>
          <h3>Typed answer</h3>
          <JsonView text={JSON.stringify(d.output.data)} label="The typed answer as sent" />
        </>
      )}
      {d.output.attachments.length > 0 && (
        <>
          <h3>Attachments</h3>
          <AttachmentList attachments={d.output.attachments} />
        </>
      )}
    </section>
  );
}
