import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { LiveState } from '../../api/live-events';
import type { MemberPrincipal, Mode, Role } from '../../api/dashboard-types';
import type { Session } from '../../api/types';
import { Link } from '../../app/router';
import { dashboardPath, type DashboardView } from '../../app/routes';
import { AccountMenu } from '../Layout/AccountMenu';
import { ModeSwitch, TestModeBanner } from '../ModeSwitch/ModeSwitch';
import { Brand } from '../Layout/Brand';
import { DashFrame } from '../Layout/DashFrame';

const LIVE_TEXT: Record<LiveState, string> = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' };

type Section = { label: string; page: DashboardView['page']; also?: DashboardView['page'][]; ownersOnly?: boolean; sub?: boolean };

/** The dashboard's sections, in the order partners look for them (Stripe's and Svix's). */
const SECTIONS: Section[] = [
  { label: 'Overview', page: 'overview' },
  { label: 'Deployments', page: 'deployments', also: ['deployment'] },
  { label: 'Webhooks', page: 'webhooks', also: ['endpoint'] },
  { label: 'Delivery log', page: 'deliveries', also: ['delivery', 'attempt'], sub: true },
  { label: 'Dead letters', page: 'dead-letters', sub: true },
  { label: 'API keys', page: 'api-keys' },
  { label: 'Brand memory', page: 'memory' },
  { label: 'Plan and limits', page: 'plan' },
  { label: 'Team', page: 'team', ownersOnly: true },
  { label: 'Audit log', page: 'audit-log', ownersOnly: true },
];

export const sectionsFor = (role: Role): Section[] => SECTIONS.filter((section) => role === 'owner' || !section.ownersOnly);

interface DashboardLayoutProps {
  session: Session;
  principal: MemberPrincipal;
  role: Role;
  mode: Mode;
  /** The page shown; null for an address that is no page. */
  view: DashboardView | null;
  live: LiveState;
  children: ReactNode;
}

/** The workspace dashboard's frame: test banner, header (workspace, mode, live status, account), sections, the page. */
export function DashboardLayout({ session, principal, role, mode, view: shown, live, children }: DashboardLayoutProps) {
  const view: DashboardView = shown ?? { page: 'overview' };
  const sections = useRef<HTMLUListElement>(null);
  useCurrentSectionInView(sections, view.page);
  return (
    <DashFrame
      variant={mode}
      header={
        <>
          {/* Inside the header: every piece of a page sits in a landmark (axe "region"). */}
          {mode === 'test' && <TestModeBanner view={view} />}
          <div className="site-header__top site-header__top--wide">
            <Brand to={dashboardPath(mode, { page: 'overview' })}>
              {principal.workspace_name}
              <span className="brand__sub"> · Dashboard</span>
            </Brand>
            <p className={`live-status live-status--${live}`} title="Deployments and deliveries update without reloading while this says Live">
              <span aria-hidden="true">{live === 'live' ? '●' : '○'} </span>
              Updates: {LIVE_TEXT[live]}
            </p>
            <ModeSwitch mode={mode} view={view} />
            <AccountMenu session={session} />
          </div>
        </>
      }
      nav={
        <nav aria-label="Dashboard" className="dash-nav">
          <ul ref={sections}>
            {sectionsFor(role).map((section) => {
              const current = shown !== null && (view.page === section.page || (section.also ?? []).includes(view.page));
              return (
                <li key={section.page} className={section.sub ? 'dash-nav__sub' : undefined}>
                  <Link to={dashboardPath(mode, { page: section.page } as DashboardView)} aria-current={current ? 'page' : undefined}>
                    {section.label}
                  </Link>
                </li>
              );
            })}
          </ul>
          <p className={`dash-nav__mode dash-nav__mode--${mode}`}>
            <span aria-hidden="true">{mode === 'test' ? '◐ ' : '● '}</span>
            {mode === 'test' ? 'Viewing test data' : 'Viewing live data'}
          </p>
        </nav>
      }
    >
      {children}
    </DashFrame>
  );
}

/**
 * On a narrow screen the sections are one row that scrolls sideways: the current one is scrolled
 * to the middle of it when a page opens and when the row changes size (a phone turned, a window
 * narrowed into the row layout), so a person sees where they are. Only the row scrolls, never the page.
 */
function useCurrentSectionInView(list: RefObject<HTMLUListElement | null>, page: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: another page marks another section current, which is scrolled into view
  useLayoutEffect(() => {
    const row = list.current;
    if (!row) return;
    const centre = () => {
      const current = row.querySelector<HTMLElement>('[aria-current="page"]');
      if (!current || row.scrollWidth <= row.clientWidth) return;
      const rowBox = row.getBoundingClientRect();
      const box = current.getBoundingClientRect();
      row.scrollLeft += box.left - rowBox.left - (rowBox.width - box.width) / 2;
    };
    centre();
    const resized = new ResizeObserver(centre);
    resized.observe(row);
    return () => resized.disconnect();
  }, [list, page]);
}
