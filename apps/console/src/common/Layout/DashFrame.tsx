import type { ReactNode } from 'react';
import { SkipLink } from './Brand';

/** The frame the dashboard and operations share: skip link, header, the sections' navigation beside the page. */
export function DashFrame({ variant, header, nav, children }: { variant: string; header: ReactNode; nav: ReactNode; children: ReactNode }) {
  return (
    <div className={`dash-frame dash-frame--${variant}`}>
      <SkipLink />
      <header className="site-header">{header}</header>
      <div className="dash">
        {nav}
        <main id="main" className="main dash-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
