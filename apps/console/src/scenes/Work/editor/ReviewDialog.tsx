import { Fact } from '../../../common/Fact/Fact';
import { useId, type RefObject } from 'react';
import type { DraftAttachment } from '../../../api/types';
import { formatDuration, plural } from '../../../common/format';

export interface ReviewSummary {
  words: number;
  characters: number;
  attachments: DraftAttachment[];
  durationSeconds: number;
  credits: number;
  cap: number;
  /** null: the work has no typed answer; otherwise what is still wrong with it (empty: valid). */
  typedProblems: string[] | null;
  /** Why publishing cannot happen now, if it cannot. */
  blocked: string | null;
}

interface ReviewDialogProps {
  dialog: RefObject<HTMLDialogElement | null>;
  /** Its contents exist only while it is open, so a closed review repeats nothing on the page. */
  open: boolean;
  onClose: () => void;
  summary: ReviewSummary;
  publishing: boolean;
  onPublish: () => void;
}

/**
 * The last look before the output goes to the agent, in the browser's modal `<dialog>` (opened
 * with `showModal()`): focus moves in and stays, Escape closes it and focus returns to where it
 * was. Back comes first and takes focus, so a second Ctrl+Enter or a stray Enter publishes nothing.
 */
export function ReviewDialog({ dialog, open, onClose, summary: s, publishing, onPublish }: ReviewDialogProps) {
  const titleId = useId();
  return (
    <dialog ref={dialog} className="dialog review-dialog" aria-labelledby={titleId} onClose={onClose}>
      {open && (
        <form method="dialog" className="dialog__form">
          <h2 id={titleId} className="dialog__title">
            Review before publishing
          </h2>
          <dl className="review-dialog__facts">
            <Fact label="Output">
              {plural(s.words, 'word')}, {plural(s.characters, 'character')}
            </Fact>
            <Fact label="Attachments">{s.attachments.length === 0 ? 'None' : s.attachments.map((attachment) => attachment.name).join(', ')}</Fact>
            <Fact label="Time worked">{formatDuration(s.durationSeconds)}</Fact>
            <Fact label="Charge">
              {s.credits} of at most {s.cap} credits
            </Fact>
            {s.typedProblems !== null && (
              <Fact label="Typed answer">
                {s.typedProblems.length === 0 ? (
                  <span className="review-dialog__ok">
                    <span aria-hidden="true">✓ </span>Valid against the agent's schema
                  </span>
                ) : (
                  <span className="review-dialog__bad">
                    <span aria-hidden="true">⚠ </span>
                    {plural(s.typedProblems.length, 'problem')}: {s.typedProblems.join(' ')}
                  </span>
                )}
              </Fact>
            )}
          </dl>
          {s.blocked && <p className="field__error">{s.blocked}</p>}
          <div className="actions actions--end">
            {/* biome-ignore lint/a11y/noAutofocus: the modal dialog's first focus goes to Back, the safe choice, as the dialog's focusing steps read autofocus */}
            <button type="submit" value="back" className="button" autoFocus>
              Back
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={s.blocked !== null || publishing}
              onClick={() => {
                dialog.current?.close();
                onPublish();
              }}
            >
              {publishing ? 'Publishing…' : 'Publish'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
