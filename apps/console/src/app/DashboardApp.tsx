/**
 * The workspace dashboard: what a signed-in member sees, in one mode at a time. Loaded
 * as a chunk of its own, and each page in its own chunk on first visit.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useWorkspaceLive } from '../api/dashboard-live';
import { useWorkspace } from '../api/workspace-queries';
import { principalOf, type MemberPrincipal, type Mode } from '../api/dashboard-types';
import type { Session } from '../api/types';
import { DashboardLayout } from '../common/DashboardLayout/DashboardLayout';
import { Page } from '../common/Page/Page';
import { ProductNameContext } from '../common/ProductName/ProductName';
import { EmptyState, Loading } from '../common/States/States';
import { NotFoundPage } from '../scenes/NotFound/NotFoundPage';
import { Link } from './router';
import { dashboardPath, type DashboardView, type Route } from './routes';

type ModeProps = { mode: Mode };
const page = <P,>(load: () => Promise<{ default: ComponentType<P> }>) => lazy(load);

const OverviewPage = page<ModeProps>(() => import('../scenes/Overview/OverviewPage'));
const DeploymentsPage = page<ModeProps>(() => import('../scenes/Deployments/DeploymentsPage'));
const DeploymentPage = page<ModeProps & { deploymentId: string }>(() => import('../scenes/Deployments/DeploymentPage'));
const ApiKeysPage = page<ModeProps>(() => import('../scenes/ApiKeys/ApiKeysPage'));
const WebhooksPage = page<ModeProps>(() => import('../scenes/Webhooks/WebhooksPage'));
const EndpointPage = page<ModeProps & { endpointId: string }>(() => import('../scenes/Webhooks/EndpointPage'));
const DeliveriesPage = page<ModeProps>(() => import('../scenes/Webhooks/DeliveriesPage'));
const DeliveryPage = page<ModeProps & { deliveryId: string }>(() => import('../scenes/Webhooks/DeliveryPage'));
const AttemptPage = page<ModeProps & { deliveryId: string; attempt: number }>(() => import('../scenes/Webhooks/AttemptPage'));
const DeadLettersPage = page<ModeProps>(() => import('../scenes/Webhooks/DeadLettersPage'));
const MemoryPage = page<ModeProps>(() => import('../scenes/Memory/MemoryPage'));
const TeamPage = page<ModeProps>(() => import('../scenes/Team/TeamPage'));
const PlanPage = page<ModeProps & { canRequest: boolean }>(() => import('../scenes/Plan/PlanPage'));
const AuditLogPage = page<ModeProps>(() => import('../scenes/AuditLog/AuditLogPage'));

function OwnersOnly({ mode, what }: { mode: Mode; what: string }) {
  return (
    <Page title={what}>
      <EmptyState title={`${what} is for the workspace's owners.`}>
        <p>
          You are a developer in this workspace. Ask an owner if you need a change here, or go back to the{' '}
          <Link to={dashboardPath(mode, { page: 'overview' })}>overview</Link>.
        </p>
      </EmptyState>
    </Page>
  );
}

function DashboardPage({ mode, view, owner }: { mode: Mode; view: DashboardView; owner: boolean }): ReactNode {
  switch (view.page) {
    case 'overview':
      return <OverviewPage mode={mode} />;
    case 'deployments':
      return <DeploymentsPage mode={mode} />;
    case 'deployment':
      return <DeploymentPage mode={mode} deploymentId={view.deploymentId} />;
    case 'api-keys':
      return <ApiKeysPage mode={mode} />;
    case 'webhooks':
      return <WebhooksPage mode={mode} />;
    case 'endpoint':
      return <EndpointPage mode={mode} endpointId={view.endpointId} />;
    case 'deliveries':
      return <DeliveriesPage mode={mode} />;
    case 'delivery':
      return <DeliveryPage mode={mode} deliveryId={view.deliveryId} />;
    case 'attempt':
      return <AttemptPage mode={mode} deliveryId={view.deliveryId} attempt={view.attempt} />;
    case 'dead-letters':
      return <DeadLettersPage mode={mode} />;
    case 'memory':
      return <MemoryPage mode={mode} />;
    case 'team':
      return owner ? <TeamPage mode={mode} /> : <OwnersOnly mode={mode} what="Team" />;
    case 'plan':
      return <PlanPage mode={mode} canRequest={owner} />;
    case 'audit-log':
      return owner ? <AuditLogPage mode={mode} /> : <OwnersOnly mode={mode} what="Audit log" />;
  }
}

export default function DashboardApp({ session, route }: { session: Session; route: Route }) {
  const principal = principalOf(session) as MemberPrincipal;
  const mode: Mode = route.page === 'dashboard' ? route.mode : 'live';
  const view = route.page === 'dashboard' ? route.view : null;
  const workspace = useWorkspace();
  // The workspace's answer is fresher than the session's (an owner may have changed the role since).
  const role = workspace.data?.role ?? principal.role;
  const live = useWorkspaceLive(mode);
  return (
    <ProductNameContext.Provider value={mode === 'test' ? 'Dashboard (test mode)' : 'Dashboard'}>
      <DashboardLayout session={session} principal={principal} role={role} mode={mode} view={view} live={live}>
        <Suspense fallback={<Loading what="the page" />}>
          {view ? <DashboardPage key={`${mode}:${JSON.stringify(view)}`} mode={mode} view={view} owner={role === 'owner'} /> : <NotFoundPage kind="member" />}
        </Suspense>
      </DashboardLayout>
    </ProductNameContext.Provider>
  );
}
