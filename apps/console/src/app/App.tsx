import { lazy, Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { principalOf } from '../api/dashboard-types';
import { useLiveEvents } from '../api/live-events';
import { useSession } from '../api/queries';
import type { Session } from '../api/types';
import { useAnnounce } from '../common/Announcer/Announcer';
import { Layout } from '../common/Layout/Layout';
import { PublicFrame } from '../common/Layout/PublicFrame';
import { useOfferAlerts } from '../notify/use-offer-alerts';
import { ErrorState, Loading } from '../common/States/States';
import { HistoryPage } from '../scenes/History/HistoryPage';
import { InvitationPage } from '../scenes/Invitation/InvitationPage';
import { NotFoundPage } from '../scenes/NotFound/NotFoundPage';
import { OffersPage } from '../scenes/Offers/OffersPage';
import { SettingsPage } from '../scenes/Settings/SettingsPage';
import { SignInPage } from '../scenes/SignIn/SignInPage';
import { WorkListPage } from '../scenes/Work/WorkListPage';
import { navigate, routeOf, usePath, useSearchParam, type Route } from './router';
import { HOME, routeKind } from './routes';

// The editor, the markdown renderer and the sanitiser load with the Work page, not on first load.
const WorkPage = lazy(() => import('../scenes/Work/WorkPage'));
// Members and operators get their pages in chunks of their own: an expert never downloads them.
const DashboardApp = lazy(() => import('./DashboardApp'));
const OpsApp = lazy(() => import('./OpsApp'));

/** Sends the browser elsewhere once rendered (history replaced: Back does not bounce). */
function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

function ExpertPage({ route }: { route: Route }): ReactNode {
  switch (route.page) {
    case 'offers':
      return <OffersPage />;
    case 'work-list':
      return <WorkListPage />;
    case 'work':
      return (
        <Suspense fallback={<Loading what="the work page" />}>
          <WorkPage key={route.deploymentId} deploymentId={route.deploymentId} />
        </Suspense>
      );
    case 'history':
      return <HistoryPage />;
    case 'settings':
      return <SettingsPage />;
    default:
      return <NotFoundPage />;
  }
}

/** The expert console: its frame, its live offers. */
function ExpertApp({ session, route }: { session: Session; route: Route }) {
  const announce = useAnnounce();
  // The card appears by itself; screen readers are told. A tab in the background alerts outside the page.
  const alert = useOfferAlerts();
  const onOffer = useCallback(
    (deploymentId: string, expiresAt: string) => {
      announce('A new offer arrived.', 'quiet');
      alert(deploymentId, expiresAt);
    },
    [announce, alert],
  );
  const live = useLiveEvents(true, { onOffer });
  return (
    <Layout session={session} route={route} live={live}>
      <ExpertPage route={route} />
    </Layout>
  );
}

const safeNext = (next: string | null): string | null => (next && next.startsWith('/') && !next.startsWith('//') ? next : null);

export function App() {
  const path = usePath();
  const route = routeOf(path);
  const next = useSearchParam('next');
  const session = useSession();

  if (route.page === 'invitation') {
    return (
      <PublicFrame>
        <InvitationPage token={route.token} />
      </PublicFrame>
    );
  }
  if (session.isPending) {
    return (
      <PublicFrame>
        <Loading what="your session" />
      </PublicFrame>
    );
  }
  if (session.isError) {
    return (
      <PublicFrame>
        <ErrorState what="your session" error={session.error} onRetry={() => void session.refetch()} />
      </PublicFrame>
    );
  }
  if (!session.data) {
    const wanted = route.page === 'sign-in' || route.page === 'not-found' ? next : path;
    return (
      <PublicFrame>
        {route.page !== 'sign-in' && <Redirect to={`/sign-in${wanted && wanted !== '/' ? `?next=${encodeURIComponent(wanted)}` : ''}`} />}
        <SignInPage />
      </PublicFrame>
    );
  }
  const kind = principalOf(session.data).kind;
  const home = HOME[kind];
  if (route.page === 'sign-in') {
    // `next` is only followed to a page of this person's kind: an expert's link does not strand a member.
    const wanted = safeNext(next);
    const target = wanted && routeKind(routeOf(wanted)) === kind ? wanted : home;
    return <Redirect to={target} />;
  }
  if (route.page === 'home') return <Redirect to={home} />;
  // Another kind's page (an expert's link opened by a member…) is "not found" in one's own frame.
  const shown: Route = routeKind(route) === kind || routeKind(route) === 'anyone' ? route : { page: 'not-found' };
  const loading = <Loading what="the console" />;
  switch (kind) {
    case 'expert':
      return <ExpertApp session={session.data} route={shown} />;
    case 'member':
      return (
        <Suspense fallback={loading}>
          <DashboardApp session={session.data} route={shown} />
        </Suspense>
      );
    case 'operator':
      return (
        <Suspense fallback={loading}>
          <OpsApp session={session.data} route={shown} />
        </Suspense>
      );
  }
}
