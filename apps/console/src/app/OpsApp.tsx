/** Operations' pages, for an operator signed in to the console: a chunk of their own. */
import { lazy, Suspense, type ReactNode } from 'react';
import type { Session } from '../api/types';
import { OpsLayout } from '../common/OpsLayout/OpsLayout';
import { ProductNameContext } from '../common/ProductName/ProductName';
import { Loading } from '../common/States/States';
import { NotFoundPage } from '../scenes/NotFound/NotFoundPage';
import type { OpsView, Route } from './routes';

const RosterPage = lazy(() => import('../scenes/OpsRoster/RosterPage'));
const ExpertPage = lazy(() => import('../scenes/OpsRoster/ExpertPage'));
const AccountsPage = lazy(() => import('../scenes/OpsAccounts/AccountsPage'));
const AccountPage = lazy(() => import('../scenes/OpsAccounts/AccountPage'));
const LimitRequestsPage = lazy(() => import('../scenes/OpsAccounts/LimitRequestsPage'));
const OpsDeadLettersPage = lazy(() => import('../scenes/OpsDeadLetters/OpsDeadLettersPage'));
const OperatorsPage = lazy(() => import('../scenes/OpsOperators/OperatorsPage'));

function OpsPage({ view }: { view: OpsView }): ReactNode {
  switch (view.page) {
    case 'roster':
      return <RosterPage />;
    case 'expert':
      return <ExpertPage expertId={view.expertId} />;
    case 'accounts':
      return <AccountsPage />;
    case 'account':
      return <AccountPage workspaceId={view.workspaceId} />;
    case 'limit-requests':
      return <LimitRequestsPage />;
    case 'dead-letters':
      return <OpsDeadLettersPage />;
    case 'operators':
      return <OperatorsPage />;
  }
}

export default function OpsApp({ session, route }: { session: Session; route: Route }) {
  const view = route.page === 'ops' ? route.view : null;
  return (
    <ProductNameContext.Provider value="Operations">
      <OpsLayout session={session} view={view ?? { page: 'roster' }}>
        <Suspense fallback={<Loading what="the page" />}>
          {view ? <OpsPage key={JSON.stringify(view)} view={view} /> : <NotFoundPage kind="operator" />}
        </Suspense>
      </OpsLayout>
    </ProductNameContext.Provider>
  );
}
