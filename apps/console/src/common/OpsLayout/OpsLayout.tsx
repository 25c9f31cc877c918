import type { ReactNode } from 'react';
import type { Session } from '../../api/types';
import { Link } from '../../app/router';
import { opsPath, type OpsView } from '../../app/routes';
import { AccountMenu } from '../Layout/AccountMenu';
import { Brand } from '../Layout/Brand';
import { DashFrame } from '../Layout/DashFrame';

const SECTIONS: { label: string; page: OpsView['page']; also?: OpsView['page'][] }[] = [
  { label: 'Roster', page: 'roster', also: ['expert'] },
  { label: 'Accounts', page: 'accounts', also: ['account'] },
  { label: 'Limit requests', page: 'limit-requests' },
  { label: 'Dead letters', page: 'dead-letters' },
  { label: 'Operators', page: 'operators' },
];

/** Operations' frame: every workspace, the roster and the dead letters, behind an operator's sign-in. */
export function OpsLayout({ session, view, children }: { session: Session; view: OpsView; children: ReactNode }) {
  return (
    <DashFrame
      variant="ops"
      header={
        <div className="site-header__top site-header__top--wide">
          <Brand to="/ops/roster">Operations</Brand>
          <p className="ops-note">Every workspace: changes here are recorded in each workspace's audit log.</p>
          <AccountMenu session={session} />
        </div>
      }
      nav={
        <nav aria-label="Operations" className="dash-nav">
          <ul>
            {SECTIONS.map((section) => {
              const current = view.page === section.page || (section.also ?? []).includes(view.page);
              return (
                <li key={section.page}>
                  <Link to={opsPath({ page: section.page } as OpsView)} aria-current={current ? 'page' : undefined}>
                    {section.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      }
    >
      {children}
    </DashFrame>
  );
}
