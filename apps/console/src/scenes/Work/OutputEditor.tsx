import { useState } from 'react';
import { describeError } from '../../api/api-error';
import { useDraft, useMe, usePublish } from '../../api/queries';
import type { Draft, ExpertDeployment } from '../../api/types';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Field } from '../../common/Field/Field';
import MarkdownPreview from '../../common/MarkdownPreview/MarkdownPreview';
import { ErrorState, Loading } from '../../common/States/States';
import { AttachmentsField } from './AttachmentsField';
import { SaveStatus } from './SaveStatus';
import { TimeAndCharge } from './TimeAndCharge';
import { useDraftForm } from './use-draft-form';
import { chargeError, workFigures } from './work-figures';

/** The output editor, once the draft is loaded (a reload resumes from the server's draft). */
export function OutputEditor({ deployment }: { deployment: ExpertDeployment }) {
  const draft = useDraft(deployment.id, true);
  return (
    <section className="card output-editor" aria-labelledby="output-heading">
      <h2 id="output-heading">Your output</h2>
      {draft.isPending && <Loading what="your draft" />}
      {draft.isError && <ErrorState what="your draft" error={draft.error} onRetry={() => void draft.refetch()} />}
      {draft.isSuccess && <DraftEditor deployment={deployment} draft={draft.data} />}
    </section>
  );
}

function DraftEditor({ deployment: d, draft }: { deployment: ExpertDeployment; draft: Draft }) {
  const { form, update, flush, state, retry } = useDraftForm(d.id, draft);
  const me = useMe();
  const publish = usePublish(d.id);
  const announce = useAnnounce();
  const [bodyError, setBodyError] = useState<string | null>(null);
  const canPublish = d.status === 'in_progress';

  const onPublish = async () => {
    const figures = workFigures({ startedAt: d.started_at, durationSeconds: form.durationSeconds, credits: form.credits, rate: me.data?.rate_credits_per_hour, cap: d.credits_reserved, now: Date.now() });
    if (!form.body.trim()) {
      setBodyError('Write the output before publishing.');
      document.getElementById('output-body')?.focus();
      return;
    }
    setBodyError(null);
    const overCap = chargeError(figures.credits, d.credits_reserved);
    if (overCap) return announce(`Not published: ${overCap}`, 'error');
    await flush().catch(() => undefined); // the draft is a convenience; publishing does not wait on it
    publish.mutate(
      {
        body: form.body,
        attachments: form.attachments.map((attachment) => ({ attachment_id: attachment.id })),
        duration_seconds: figures.durationSeconds,
        credits_charged: figures.credits,
      },
      {
        onSuccess: () => announce(`Published. The agent has your output; ${figures.credits} credits charged.`),
        onError: (error) => announce(`Not published: ${describeError(error)}`, 'error'),
      },
    );
  };

  return (
    <>
      <SaveStatus state={state} onRetry={retry} />
      <div className="editor-split">
        <Field id="output-body" label="Output (markdown)" hint="Headings (#), **bold**, lists, links and tables. Raw HTML shows as text. Your draft saves as you type." error={bodyError}>
          <textarea className="editor" rows={18} spellCheck value={form.body} onChange={(event) => update({ body: event.target.value })} />
        </Field>
        <div className="preview-pane">
          <h3 className="preview-pane__title" id="preview-heading">
            Preview
          </h3>
          <MarkdownPreview source={form.body} label="Preview of your output" empty="The preview of your output appears here as you write." />
        </div>
      </div>
      <AttachmentsField
        deploymentId={d.id}
        attachments={form.attachments}
        onAdd={(attachment) => update((current) => ({ attachments: [...current.attachments, attachment] }))}
        onRemove={(id) => update((current) => ({ attachments: current.attachments.filter((attachment) => attachment.id !== id) }))}
      />
      <TimeAndCharge startedAt={d.started_at} durationSeconds={form.durationSeconds} credits={form.credits} rate={me.data?.rate_credits_per_hour} cap={d.credits_reserved} onChange={update} />
      <div className="actions actions--end">
        {!canPublish && <p className="muted">You can publish once the agent has replied to your question.</p>}
        <button type="button" className="button button--primary" disabled={!canPublish || publish.isPending} onClick={() => void onPublish()}>
          {publish.isPending ? 'Publishing…' : 'Publish to the agent'}
        </button>
      </div>
    </>
  );
}
