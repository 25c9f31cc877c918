import type { ReactNode } from 'react';

/** A column heading; numbers are right-aligned in their heading as in their cells. `false` leaves the column out. */
export type Column = string | { label: string; numeric: true } | false;

/**
 * A table that scrolls sideways inside its own focusable region (named `label`) instead of
 * widening the page, with a caption for screen readers and, with `actions`, a last column of
 * buttons whose heading only screen readers hear; `footer` rows (totals) close it. `region={false}`:
 * a table inside something already named and reached (a chart's figures) scrolls without a region of its own.
 */
export function DataTable({
  label,
  caption = label,
  columns,
  actions = false,
  className = 'table',
  testId,
  footer,
  region = true,
  children,
}: {
  label: string;
  caption?: string | null;
  columns: Column[];
  actions?: boolean;
  className?: string;
  testId?: string;
  footer?: ReactNode;
  region?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll" {...(region ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}>
      <table className={className} data-testid={testId}>
        {caption !== null && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, index) =>
              column === false ? null : typeof column === 'string' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are the table's fixed layout, by position
                <th key={index} scope="col">
                  {column}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are the table's fixed layout, by position
                <th key={index} scope="col" className="numeric">
                  {column.label}
                </th>
              ),
            )}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </table>
    </div>
  );
}
