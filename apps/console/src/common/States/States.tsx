/** Every page's three other states: loading, nothing to show yet, and failed. */
import type { ReactNode } from 'react';
import { describeError } from '../../api/api-error';

export function Loading({ what }: { what: string }) {
  return (
    <div className="state state--loading" role="status">
      <span className="spinner" aria-hidden="true" /> Loading {what}…
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state--empty">
      <p className="state__title">{title}</p>
      {children && <div className="state__body">{children}</div>}
    </div>
  );
}

export function ErrorState({ what, error, onRetry }: { what: string; error: unknown; onRetry?: () => void }) {
  return (
    <div className="state state--error" role="alert">
      <p className="state__title">
        <span aria-hidden="true">⚠ </span>Could not load {what}.
      </p>
      <p className="state__body">{describeError(error)}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

interface ShownQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The loading and failed states of one query as every page shows them; the page draws the rest once data is there.
 * `errorShownElsewhere`: the failure is already said where it belongs (beside a search or filter field).
 */
export function QueryStates({ query, what, errorShownElsewhere = false }: { query: ShownQuery; what: string; errorShownElsewhere?: boolean }) {
  if (query.isPending) return <Loading what={what} />;
  if (query.isError && !errorShownElsewhere) return <ErrorState what={what} error={query.error} onRetry={() => void query.refetch()} />;
  return null;
}
