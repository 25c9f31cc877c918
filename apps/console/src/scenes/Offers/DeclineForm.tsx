import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field } from '../../common/Field/Field';

interface DeclineFormProps {
  busy: boolean;
  onDecline: (reason: string) => void;
  onCancel: () => void;
}

/** Why not: the reason goes with the decline (at most 500 characters). */
export function DeclineForm({ busy, onDecline, onCancel }: DeclineFormProps) {
  const [reason, setReason] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDecline(reason.trim());
  };
  return (
    <form className="inline-form" onSubmit={submit}>
      <Field label="Reason for declining" hint="Optional. For example: booked until Friday, or not my field.">
        <textarea ref={input} rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
      <div className="actions">
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? 'Declining…' : 'Decline offer'}
        </button>
        <button type="button" className="button button--quiet" disabled={busy} onClick={onCancel} aria-keyshortcuts="Escape">
          Keep the offer
          <span className="shortcut" aria-hidden="true">
            <kbd>Esc</kbd>
          </span>
        </button>
      </div>
    </form>
  );
}
