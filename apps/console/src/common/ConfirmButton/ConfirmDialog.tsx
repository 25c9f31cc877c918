import { useId, type ReactNode, type RefObject } from 'react';

interface ConfirmDialogProps {
  dialog: RefObject<HTMLDialogElement | null>;
  /** The question ("Grant 500 credits to Acme?"). */
  title: string;
  children: ReactNode;
  /** The confirming button's words ("Grant 500 credits"). */
  confirmLabel: string;
  onConfirm: () => void;
  danger?: boolean;
}

/**
 * The question before a change that is hard to take back, in the browser's own modal `<dialog>`
 * (opened with `dialog.current.showModal()`): focus moves into it and stays there, Escape cancels
 * and focus returns to what opened it. Cancel comes first and takes focus, so a stray Enter does
 * nothing harmful.
 */
export function ConfirmDialog({ dialog, title, children, confirmLabel, onConfirm, danger = true }: ConfirmDialogProps) {
  const titleId = useId();
  return (
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
  );
}
