import type { ReactNode } from 'react';
import { Brand } from './Brand';

/** Pages before sign-in: the name of the place and one task. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="site-header site-header--public">
        <div className="site-header__top">
          <Brand>Expert Handoff</Brand>
        </div>
      </header>
      <main id="main" className="main main--narrow" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
