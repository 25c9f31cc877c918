import { When } from '../../common/When/When';
import type { SaveState } from './use-draft-form';

/** Where the draft stands, in words (read on demand, not announced on every save). */
export function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  switch (state.kind) {
    case 'saving':
      return <p className="save-status">Saving draft…</p>;
    case 'unsaved':
      return <p className="save-status">Unsaved changes</p>;
    case 'failed':
      return (
        <p className="save-status save-status--failed" role="alert">
          <span aria-hidden="true">⚠ </span>Draft not saved: {state.message}{' '}
          <button type="button" className="button button--small" onClick={onRetry}>
            Save again
          </button>
        </p>
      );
    case 'saved':
      return (
        <p className="save-status save-status--saved" data-testid="draft-saved">
          {state.at ? (
            <>
              <span aria-hidden="true">✓ </span>Draft saved at <When iso={state.at} precision="time" />
            </>
          ) : (
            'No draft saved yet'
          )}
        </p>
      );
  }
}
