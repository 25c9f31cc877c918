import type { ReactNode } from 'react';
import type { LiveState } from '../../api/live-events';
import { useAssignments, useOffers } from '../../api/queries';
import type { Session } from '../../api/types';
import { Link, type Route } from '../../app/router';
import { AvailabilityControl } from '../AvailabilityControl/AvailabilityControl';
import { AccountMenu } from './AccountMenu';
import { Brand, SkipLink } from './Brand';

const LIVE_TEXT: Record<LiveState, string> = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' };

interface LayoutProps {
  session: Session;
  route: Route;
  live: LiveState;
  children: ReactNode;
}

/** The signed-in frame: skip link, header (navigation, availability, account), the page. */
export function Layout({ session, route, live, children }: LayoutProps) {
  const offers = useOffers();
  const active = useAssignments('active');
  const links = [
    { to: '/offers', label: 'Offers', current: route.page === 'offers', count: offers.data?.data.length },
    { to: '/work', label: 'Work', current: route.page === 'work' || route.page === 'work-list', count: active.data?.data.length },
    { to: '/history', label: 'History', current: route.page === 'history', count: undefined },
    { to: '/settings', label: 'Settings', current: route.page === 'settings', count: undefined },
  ];
  return (
    <>
      <SkipLink />
      <header className="site-header">
        <div className="site-header__top">
          <Brand to="/offers">Expert console</Brand>
          <p className={`live-status live-status--${live}`} title="Offers and replies arrive without reloading while this says Live">
            <span aria-hidden="true">{live === 'live' ? '●' : '○'} </span>
            Updates: {LIVE_TEXT[live]}
          </p>
          <AvailabilityControl />
          <AccountMenu session={session} />
        </div>
        <nav aria-label="Main" className="site-nav">
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} aria-current={link.current ? 'page' : undefined}>
                  {link.label}
                  {link.count ? (
                    <span className="count">
                      {' '}
                      <span className="visually-hidden">(</span>
                      {link.count}
                      <span className="visually-hidden">)</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
