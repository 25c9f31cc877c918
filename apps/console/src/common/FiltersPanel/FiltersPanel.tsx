import type { FormEvent, ReactNode } from 'react';

/** A filter form's last row: apply, and (when `onClear` is given) clear every filter. */
export function FilterActions({ onClear }: { onClear?: () => void }) {
  return (
    <div className="actions">
      <button type="submit" className="button button--primary">
        Apply filters
      </button>
      {onClear && (
        <button type="button" className="button button--quiet" onClick={onClear}>
          Clear
        </button>
      )}
    </div>
  );
}

/** A list's filters, folded away until one is active; the summary says how many are. */
export function FiltersPanel({
  label,
  active,
  onSubmit,
  onClear,
  children,
}: {
  label: string;
  active: number;
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <details className="card filters-panel" open={active > 0 ? true : undefined}>
      <summary>
        Filters
        {active > 0 && (
          <span className="count">
            {active}
            <span className="visually-hidden"> active</span>
          </span>
        )}
      </summary>
      <form className="filters" onSubmit={onSubmit} aria-label={label}>
        {children}
        <FilterActions onClear={onClear} />
      </form>
    </details>
  );
}
