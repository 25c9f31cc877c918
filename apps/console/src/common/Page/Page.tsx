import { useEffect, useRef, type ReactNode } from 'react';

interface PageProps {
  title: string;
  /** A line under the heading. */
  lead?: ReactNode;
  children: ReactNode;
}

/**
 * One page: its title in the tab and in the one h1, which takes focus when the page opens so
 * keyboard and screen-reader users start at the top of what changed.
 */
export function Page({ title, lead, children }: PageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Expert console`;
  }, [title]);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <>
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {lead && <div className="page-head__lead">{lead}</div>}
      </div>
      {children}
    </>
  );
}
