import type { ReactNode } from 'react';
import { Link } from '../../app/router';

/** The first thing on a signed-in page: a link past the header, shown when it has the keyboard's focus. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to content
    </a>
  );
}

/** The name of the place in the header, after its mark; a link home where `to` is given. */
export function Brand({ to, children }: { to?: string; children: ReactNode }) {
  const content = (
    <>
      <span aria-hidden="true" className="brand__mark">
        ◆
      </span>{' '}
      {children}
    </>
  );
  return to ? (
    <Link to={to} className="brand">
      {content}
    </Link>
  ) : (
    <span className="brand">{content}</span>
  );
}
