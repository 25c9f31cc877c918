import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import { ApiError, describeError } from '../../api/api-error';
import { useDraft, useMe, usePublish } from '../../api/queries';
import type { Draft, ExpertDeployment } from '../../api/types';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Field } from '../../common/Field/Field';
import { plural } from '../../common/format';
import MarkdownPreview from '../../common/MarkdownPreview/MarkdownPreview';
import { Loading, QueryStates } from '../../common/States/States';
import { AttachmentsField } from './AttachmentsField';
import { wordCount } from './editor/markdown-edits';
import { MarkdownToolbar } from './editor/MarkdownToolbar';
import { ReviewDialog, type ReviewSummary } from './editor/ReviewDialog';
import { SaveStatus } from './SaveStatus';
import { TimeAndCharge } from './TimeAndCharge';
import { dataPointerPath, errorSchemaAt } from './typed/pointer-errors';
import type { TypedData } from './typed/TypedAnswerForm';
import { useDraftForm } from './use-draft-form';
import { chargeError, workFigures } from './work-figures';

const TypedAnswerForm = lazy(() => import('./typed/TypedAnswerForm'));

/** The shortcut as this computer's keyboard says it. */
const SHORTCUT = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘+Enter' : 'Ctrl+Enter';

/** A schema problem in words: where (the field's path) and what. */
const problemText = (problem: RJSFValidationError): string => {
  const where = (problem.property ?? '').replace(/^\./, '');
  return where ? `${where}: ${problem.message ?? ''}` : (problem.message ?? '');
};

/** The gateway's refusal said under the field it names, without repeating the field's pointer. */
const fieldMessage = (error: ApiError): string => {
  // The gateway writes "output.data/variants/1 must …" or "output.data /variants/1 must …": keep what follows the pointer.
  const text = error.message
    .replace(error.param ?? '', '')
    .replace(/^\s*output\.data\b/, '')
    .replace(/^[\s:,.-]*(\/\S*)?[\s:,-]*/, '')
    .trim();
  if (!text) return describeError(error);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'} (refused by the service)`;
};

/** The output editor, once the draft is loaded (a reload resumes from the server's draft). */
export function OutputEditor({ deployment }: { deployment: ExpertDeployment }) {
  const draft = useDraft(deployment.id, true);
  return (
    <section className="card output-editor" aria-labelledby="output-heading">
      <h2 id="output-heading">Your output</h2>
      <QueryStates query={draft} what="your draft" />
      {draft.isSuccess && <DraftEditor deployment={deployment} draft={draft.data} />}
    </section>
  );
}

interface TypedState {
  data: TypedData;
  problems: RJSFValidationError[];
  /** The gateway's refusal of the last publish, under the field it names; cleared by the next change. */
  serverErrors?: ErrorSchema;
}

function DraftEditor({ deployment: d, draft }: { deployment: ExpertDeployment; draft: Draft }) {
  const { form, update, flush, state, retry } = useDraftForm(d.id, draft);
  const me = useMe();
  const publish = usePublish(d.id);
  const announce = useAnnounce();
  const [bodyError, setBodyError] = useState<string | null>(null);
  const editor = useRef<HTMLTextAreaElement>(null);
  const review = useRef<HTMLDialogElement>(null);
  const [reviewing, setReviewing] = useState(false);
  // Opened once its contents are drawn, so focus lands on Back.
  useEffect(() => {
    if (reviewing && review.current && !review.current.open) review.current.showModal();
  }, [reviewing]);
  const schema = d.output_schema;
  const [typed, setTyped] = useState<TypedState>({ data: {}, problems: [] });
  const canPublish = d.status === 'in_progress';
  const figures = workFigures({
    startedAt: d.started_at,
    durationSeconds: form.durationSeconds,
    credits: form.credits,
    rate: me.data?.rate_credits_per_hour,
    cap: d.credits_reserved,
    now: Date.now(),
  });
  const words = wordCount(form.body);
  const typedInvalid = schema !== null && typed.problems.length > 0;

  /** Why Publish cannot go ahead now, in words; null when it can. */
  const blocked = !canPublish
    ? 'You can publish once the agent has replied to your question.'
    : !form.body.trim()
      ? 'Write the output before publishing.'
      : chargeError(figures.credits, d.credits_reserved)
        ? `${chargeError(figures.credits, d.credits_reserved)}`
        : typedInvalid
          ? `The typed answer is not valid yet: ${plural(typed.problems.length, 'problem')} to fix in the form.`
          : null;

  /** The button itself waits only for the reply and a valid typed answer; the review says the rest. */
  const buttonReason = !canPublish || typedInvalid ? blocked : null;

  const summary: ReviewSummary = {
    words,
    characters: form.body.length,
    attachments: form.attachments,
    durationSeconds: figures.durationSeconds,
    credits: figures.credits,
    cap: d.credits_reserved,
    typedProblems: schema === null ? null : typed.problems.map(problemText),
    blocked,
  };

  const openReview = () => {
    if (!form.body.trim()) setBodyError('Write the output before publishing.');
    else setBodyError(null);
    setReviewing(true);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      openReview();
    }
  };

  const onPublish = async () => {
    if (blocked) return announce(`Not published: ${blocked}`, 'error');
    await flush().catch(() => undefined); // the draft is a convenience; publishing does not wait on it
    publish.mutate(
      {
        body: form.body,
        attachments: form.attachments.map((attachment) => ({ attachment_id: attachment.id })),
        duration_seconds: figures.durationSeconds,
        credits_charged: figures.credits,
        ...(schema !== null ? { data: typed.data } : {}),
      },
      {
        onSuccess: () => announce(`Published. The agent has your output; ${figures.credits} credits charged.`),
        onError: (error) => {
          // A refusal of the typed answer names the field by its JSON pointer: show it there.
          const path = error instanceof ApiError ? dataPointerPath(error.param) : null;
          if (path !== null && error instanceof ApiError)
            setTyped((current) => ({ ...current, serverErrors: errorSchemaAt(path, fieldMessage(error)) as ErrorSchema }));
          announce(`Not published: ${describeError(error)}`, 'error');
        },
      },
    );
  };

  return (
    <div className="output-editor__body" role="group" aria-label="Your output" onKeyDown={onKeyDown}>
      <SaveStatus state={state} onRetry={retry} />
      <div className="editor-split">
        <div className="editor-pane">
          <MarkdownToolbar editor={editor} controls="output-body" onChange={(body) => update({ body })} />
          <Field
            id="output-body"
            label="Output (markdown)"
            hint={`Headings (#), **bold**, lists, links and tables. Raw HTML shows as text. Your draft saves as you type. ${SHORTCUT} reviews and publishes.`}
            error={bodyError}
          >
            <textarea ref={editor} className="editor" rows={18} spellCheck value={form.body} onChange={(event) => update({ body: event.target.value })} />
          </Field>
          <p className="word-count" aria-live="off" data-testid="word-count">
            {plural(words, 'word')}
          </p>
        </div>
        <div className="preview-pane">
          <h3 className="preview-pane__title" id="preview-heading">
            Preview
          </h3>
          <MarkdownPreview source={form.body} label="Preview of your output" empty="The preview of your output appears here as you write." />
        </div>
      </div>
      {schema !== null && (
        <section className="typed-answer" aria-labelledby="typed-answer-heading">
          <h3 id="typed-answer-heading">Typed answer</h3>
          <p className="field__hint">The agent asked for this answer in a fixed shape, sent with your text. Each field is checked as you leave it.</p>
          <Suspense fallback={<Loading what="the answer form" />}>
            <TypedAnswerForm schema={schema} data={typed.data} serverErrors={typed.serverErrors} onChange={(data, problems) => setTyped({ data, problems })} />
          </Suspense>
        </section>
      )}
      <AttachmentsField
        deploymentId={d.id}
        attachments={form.attachments}
        onAdd={(attachment) => update((current) => ({ attachments: [...current.attachments, attachment] }))}
        onRemove={(id) => update((current) => ({ attachments: current.attachments.filter((attachment) => attachment.id !== id) }))}
      />
      <TimeAndCharge
        startedAt={d.started_at}
        durationSeconds={form.durationSeconds}
        credits={form.credits}
        rate={me.data?.rate_credits_per_hour}
        cap={d.credits_reserved}
        onChange={update}
      />
      <div className="actions actions--end">
        {buttonReason && (
          <p className="muted publish-blocked" id="publish-blocked">
            {buttonReason}
          </p>
        )}
        <button
          type="button"
          className="button button--primary"
          aria-describedby={buttonReason ? 'publish-blocked' : undefined}
          disabled={buttonReason !== null || publish.isPending}
          onClick={openReview}
        >
          {publish.isPending ? 'Publishing…' : 'Publish to the agent'}
        </button>
      </div>
      <ReviewDialog
        dialog={review}
        open={reviewing}
        onClose={() => setReviewing(false)}
        summary={summary}
        publishing={publish.isPending}
        onPublish={() => void onPublish()}
      />
    </div>
  );
}
