import { useState, type FormEvent } from 'react';
import { describeError } from '../../api/api-error';
import { useCancel, useDraft } from '../../api/queries';
import type { ExpertDeployment } from '../../api/types';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Field } from '../../common/Field/Field';

/** Give the work back: a reason the agent is told, and the saved draft as partial output if wanted. */
export function CancelPanel({ deployment: d }: { deployment: ExpertDeployment }) {
  const cancel = useCancel(d.id);
  const draft = useDraft(d.id, d.status !== 'accepted');
  const announce = useAnnounce();
  const [reason, setReason] = useState('');
  const [withDraft, setWithDraft] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const draftBody = draft.data?.body.trim() ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError('Say why: the agent is told.');
    setError(null);
    cancel.mutate(
      { reason: reason.trim(), partialBody: withDraft && draftBody ? draft.data?.body : undefined },
      {
        onSuccess: () =>
          announce(
            `Cancelled. The agent is told why${withDraft && draftBody ? ' and gets your draft as partial output' : ''}; the reserved credits go back to the workspace.`,
          ),
        onError: (failure) => announce(`Not cancelled: ${describeError(failure)}`, 'error'),
      },
    );
  };

  return (
    <details className="card cancel-panel">
      <summary>Cancel this work…</summary>
      <form className="form" onSubmit={submit} noValidate>
        <p>Cancelling ends the deployment for the agent; nothing is charged.</p>
        <Field label="Reason" hint="Required, at most 500 characters. For example: a conflict of interest." error={error}>
          <textarea rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
        </Field>
        <div className="checkbox">
          <input id="cancel-with-draft" type="checkbox" checked={withDraft} disabled={!draftBody} onChange={(event) => setWithDraft(event.target.checked)} />
          <label htmlFor="cancel-with-draft">Send my saved draft as partial output{draftBody ? '' : ' (no draft saved)'}</label>
        </div>
        <button type="submit" className="button button--danger" disabled={cancel.isPending}>
          {cancel.isPending ? 'Cancelling…' : 'Cancel the work'}
        </button>
      </form>
    </details>
  );
}
