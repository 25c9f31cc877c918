import type { ReactNode } from 'react';

/** Pages before sign-in: the name of the place and one task. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="site-header site-header--public">
        <div className="site-header__top">
          <span className="brand">
            <span aria-hidden="true" className="brand__mark">
              ◆
            </span>{' '}
            Expert Handoff
          </span>
        </div>
      </header>
      <main id="main" className="main main--narrow" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
