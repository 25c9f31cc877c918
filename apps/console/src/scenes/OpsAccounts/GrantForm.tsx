import { useRef, useState, type FormEvent } from 'react';
import { describeError, fieldError } from '../../api/api-error';
import { useGrantCredits } from '../../api/ops-queries';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { ConfirmDialog } from '../../common/ConfirmButton/ConfirmDialog';
import { Field } from '../../common/Field/Field';
import { plural } from '../../common/format';
import { SubmitButton } from '../../common/SubmitButton/SubmitButton';

const n = (value: number) => value.toLocaleString();
const GRANT_LABELS = { credits: 'Credits', reference: 'Reference', note: 'Note' } as const;

/** A grant of credits to one workspace, with a reference that makes a repeat harmless. */
export function GrantForm({ workspaceId, workspaceName }: { workspaceId: string; workspaceName: string }) {
  const grant = useGrantCredits(workspaceId);
  const announce = useAnnounce();
  const [credits, setCredits] = useState('');
  const [note, setNote] = useState('');
  const [reference, setReference] = useState('');
  const [checked, setChecked] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const amount = Number(credits);
  const creditsError = !Number.isInteger(amount) || amount < 1 || amount > 1_000_000_000 ? 'A whole number of credits, at least 1.' : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (creditsError) return;
    dialog.current?.showModal();
  };
  const send = () => {
    grant.mutate(
      { credits: amount, ...(note.trim() ? { note: note.trim() } : {}), ...(reference.trim() ? { reference: reference.trim() } : {}) },
      {
        onSuccess: (account) => {
          setCredits('');
          setNote('');
          setReference('');
          setChecked(false);
          announce(`${n(amount)} credits granted: ${n(account.credits_remaining)} remaining now.`);
        },
        onError: (failure) => announce(`Not granted: ${describeError(failure, GRANT_LABELS)}`, 'error'),
      },
    );
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="grant-heading">
      <h2 id="grant-heading">Grant credits</h2>
      <Field
        label="Credits"
        hint="A top-up: it carries over from cycle to cycle."
        error={(checked && creditsError) || fieldError(grant.error, 'credits', GRANT_LABELS)}
      >
        <input type="number" min={1} step={1} value={credits} onChange={(event) => setCredits(event.target.value)} />
      </Field>
      <Field
        label="Reference (optional)"
        hint="An invoice number: the same reference twice grants once."
        error={fieldError(grant.error, 'reference', GRANT_LABELS)}
      >
        <input type="text" maxLength={100} value={reference} onChange={(event) => setReference(event.target.value)} />
      </Field>
      <Field label="Note (optional)" error={fieldError(grant.error, 'note', GRANT_LABELS)}>
        <input type="text" maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
      </Field>
      <SubmitButton busy={grant.isPending} busyLabel="Granting…">
        Grant credits
      </SubmitButton>
      <ConfirmDialog
        dialog={dialog}
        title={`Grant ${plural(creditsError ? 0 : amount, 'credit')} to ${workspaceName}?`}
        confirmLabel={`Grant ${plural(creditsError ? 0 : amount, 'credit')}`}
        onConfirm={send}
        danger={false}
      >
        <p>
          They are a top-up: spendable at once and carried over from cycle to cycle. A grant cannot be taken back
          {reference.trim() ? '' : '; a reference (an invoice number) makes a repeated grant count once'}.
        </p>
      </ConfirmDialog>
    </form>
  );
}
