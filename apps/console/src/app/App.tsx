import { lazy, Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { useLiveEvents } from '../api/live-events';
import { useSession } from '../api/queries';
import { useAnnounce } from '../common/Announcer/Announcer';
import { Layout } from '../common/Layout/Layout';
import { PublicFrame } from '../common/Layout/PublicFrame';
import { ErrorState, Loading } from '../common/States/States';
import { HistoryPage } from '../scenes/History/HistoryPage';
import { InvitationPage } from '../scenes/Invitation/InvitationPage';
import { NotFoundPage } from '../scenes/NotFound/NotFoundPage';
import { OffersPage } from '../scenes/Offers/OffersPage';
import { SignInPage } from '../scenes/SignIn/SignInPage';
import { WorkListPage } from '../scenes/Work/WorkListPage';
import { navigate, routeOf, usePath, useSearchParam, type Route } from './router';

// The editor, the markdown renderer and the sanitiser load with the Work page, not on first load.
const WorkPage = lazy(() => import('../scenes/Work/WorkPage'));

/** Sends the browser elsewhere once rendered (history replaced: Back does not bounce). */
function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

function SignedInPage({ route }: { route: Route }): ReactNode {
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
    case 'sign-in':
    case 'invitation':
    case 'not-found':
      return <NotFoundPage />;
  }
}

export function App() {
  const path = usePath();
  const route = routeOf(path);
  const next = useSearchParam('next');
  const session = useSession();
  const announce = useAnnounce();
  // The card appears by itself; screen readers are told.
  const onOffer = useCallback(() => announce('A new offer arrived.', 'quiet'), [announce]);
  const live = useLiveEvents(Boolean(session.data), { onOffer });

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
  if (route.page === 'sign-in') return <Redirect to={next && next.startsWith('/') && !next.startsWith('//') ? next : '/offers'} />;
  return (
    <Layout session={session.data} route={route} live={live}>
      <SignedInPage route={route} />
    </Layout>
  );
}
