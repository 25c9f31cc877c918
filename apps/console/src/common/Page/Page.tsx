import { useEffect, useRef, type ReactNode } from 'react';
import { useProductName } from '../ProductName/ProductName';

interface PageProps {
  title: string;
  /** Above the heading: where the page sits (breadcrumbs). */
  above?: ReactNode;
  /** Beside the heading: the page's main action. */
  action?: ReactNode;
  /** A line under the heading. */
  lead?: ReactNode;
  children: ReactNode;
}

/**
 * One page: its title in the tab and in the one h1, which takes focus when the page opens so
 * keyboard and screen-reader users start at the top of what changed.
 */
export function Page({ title, above, action, lead, children }: PageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const product = useProductName();
  useEffect(() => {
    document.title = `${title} · ${product}`;
  }, [title, product]);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <>
      {above}
      <div className="page-head">
        <div className="page-head__row">
          <h1 ref={heading} tabIndex={-1}>
            {title}
          </h1>
          {action}
        </div>
        {lead && <div className="page-head__lead">{lead}</div>}
      </div>
      {children}
    </>
  );
}
