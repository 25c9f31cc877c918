import type { ReactNode } from 'react';

/**
 * A form's primary action, on its own row (with Cancel beside it when `onCancel` is given); while
 * the form is sent it says so (`busyLabel`) and cannot be pressed again.
 */
export function SubmitButton({ busy, busyLabel, onCancel, children }: { busy: boolean; busyLabel: string; onCancel?: () => void; children: ReactNode }) {
  return (
    <div className="actions">
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? busyLabel : children}
      </button>
      {onCancel && (
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
