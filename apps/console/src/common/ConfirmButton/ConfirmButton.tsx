import { useRef, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

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
  const size = small ? ' button--small' : '';
  return (
    <>
      <button
        type="button"
        className={`button${danger ? ' button--danger' : ''}${size}`}
        disabled={disabled}
        aria-label={accessibleLabel}
        onClick={() => dialog.current?.showModal()}
      >
        {label}
      </button>
      <ConfirmDialog dialog={dialog} title={title} confirmLabel={confirmLabel} onConfirm={onConfirm} danger={danger}>
        {children}
      </ConfirmDialog>
    </>
  );
}
