import { useId, useRef, type ReactNode } from 'react';

interface ConfirmButtonProps {
  /** The button's words ("Revoke"). */
  label: string;
  /** A longer accessible name when the words alone are ambiguous in a list ("Revoke the key CI"). */
  accessibleLabel?: string;
  /** The question ("Revoke the key CI?"). */
  title: string;
  children: ReactNode;
  /** The confirming button's words ("Revoke the key"). */
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  danger?: boolean;
  small?: boolean;
}

/**
 * A destructive action asks first, in a modal dialog (the browser's own `<dialog>`: focus moves
 * into it, stays there, Escape cancels and focus returns to the button). Cancel comes first and
 * takes focus, so a stray Enter does nothing harmful.
 */
export function ConfirmButton({ label, accessibleLabel, title, children, confirmLabel, onConfirm, disabled, danger = true, small }: ConfirmButtonProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const size = small ? ' button--small' : '';
  return (
    <>
      <button type="button" className={`button${danger ? ' button--danger' : ''}${size}`} disabled={disabled} aria-label={accessibleLabel} onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby={titleId}>
        <form method="dialog" className="dialog__form">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <div className="dialog__body">{children}</div>
          <div className="actions actions--end">
            <button type="submit" value="cancel" className="button">
              Cancel
            </button>
            <button
              type="button"
              className={`button ${danger ? 'button--danger' : 'button--primary'}`}
              onClick={() => {
                dialog.current?.close();
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
