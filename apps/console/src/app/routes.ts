/**
 * The console's pages by path (below the `/console` base): pure, so a unit test reads it.
 *
 * Three kinds of people share one console: experts (`/offers`, `/work`, `/history`),
 * workspace members (the dashboard) and operators (`/ops/…`). The dashboard's mode is part of
 * the address, as on Stripe's: `/deployments` is live data, `/test/deployments` the same page in
 * test mode, so a link, a reload or Back never shows the other mode's data.
 */

export type Mode = 'test' | 'live';

export type DashboardView =
  | { page: 'overview' }
  | { page: 'deployments' }
  | { page: 'deployment'; deploymentId: string }
  | { page: 'api-keys' }
  | { page: 'webhooks' }
  | { page: 'endpoint'; endpointId: string }
  | { page: 'deliveries' }
  | { page: 'delivery'; deliveryId: string }
  | { page: 'attempt'; deliveryId: string; attempt: number }
  | { page: 'dead-letters' }
  | { page: 'memory' }
  | { page: 'team' }
  | { page: 'plan' }
  | { page: 'audit-log' };

export type OpsView =
  | { page: 'roster' }
  | { page: 'expert'; expertId: string }
  | { page: 'accounts' }
  | { page: 'account'; workspaceId: string }
  | { page: 'limit-requests' }
  | { page: 'dead-letters' }
  | { page: 'operators' };

export type Route =
  | { page: 'home' }
  | { page: 'offers' }
  | { page: 'work-list' }
  | { page: 'work'; deploymentId: string }
  | { page: 'history' }
  | { page: 'dashboard'; mode: Mode; view: DashboardView }
  | { page: 'ops'; view: OpsView }
  | { page: 'sign-in' }
  | { page: 'invitation'; token: string }
  | { page: 'not-found' };

/** A malformed escape (`%E0%A4%A`) is kept as typed rather than breaking the page. */
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The dashboard's pages without their mode prefix; null when the path is none of them. */
function dashboardView(parts: string[]): DashboardView | null {
  const [first, second, third, fourth, ...rest] = parts;
  if (rest.length > 0) return null;
  const only = (view: DashboardView) => (second === undefined ? view : null);
  switch (first) {
    case 'overview':
      return only({ page: 'overview' });
    case 'deployments':
      if (third !== undefined) return null;
      return second ? { page: 'deployment', deploymentId: second } : { page: 'deployments' };
    case 'api-keys':
      return only({ page: 'api-keys' });
    case 'webhooks':
      if (third !== undefined) return null;
      return second ? { page: 'endpoint', endpointId: second } : { page: 'webhooks' };
    case 'deliveries': {
      if (!second) return { page: 'deliveries' };
      if (third === undefined) return { page: 'delivery', deliveryId: second };
      const attempt = Number(fourth);
      return third === 'attempts' && fourth !== undefined && Number.isInteger(attempt) && attempt > 0 ? { page: 'attempt', deliveryId: second, attempt } : null;
    }
    case 'dead-letters':
      return only({ page: 'dead-letters' });
    case 'memory':
      return only({ page: 'memory' });
    case 'team':
      return only({ page: 'team' });
    case 'plan':
      return only({ page: 'plan' });
    case 'audit-log':
      return only({ page: 'audit-log' });
    default:
      return null;
  }
}

function opsView(parts: string[]): OpsView | null {
  const [first, second, ...rest] = parts;
  if (rest.length > 0) return null;
  switch (first) {
    case undefined:
    case 'roster':
      return second ? { page: 'expert', expertId: second } : { page: 'roster' };
    case 'accounts':
      return second ? { page: 'account', workspaceId: second } : { page: 'accounts' };
    case 'limit-requests':
      return second ? null : { page: 'limit-requests' };
    case 'dead-letters':
      return second ? null : { page: 'dead-letters' };
    case 'operators':
      return second ? null : { page: 'operators' };
    default:
      return null;
  }
}

/** `/offers`, `/work/dep_…`, `/test/deployments/dep_…`, `/ops/roster`: the path below the base. */
export function routeOf(path: string): Route {
  const parts = path.split('/').filter(Boolean).map(decode);
  const [first, second, ...rest] = parts;
  if (first === undefined) return { page: 'home' };
  if (first === 'ops') {
    const view = opsView(parts.slice(1));
    return view ? { page: 'ops', view } : { page: 'not-found' };
  }
  if (first === 'test') {
    const view = dashboardView(parts.slice(1));
    if (parts.length === 1) return { page: 'dashboard', mode: 'test', view: { page: 'overview' } };
    return view ? { page: 'dashboard', mode: 'test', view } : { page: 'not-found' };
  }
  const view = dashboardView(parts);
  if (view) return { page: 'dashboard', mode: 'live', view };
  if (rest.length > 0) return { page: 'not-found' };
  if (first === 'offers' && !second) return { page: 'offers' };
  if (first === 'work') return second ? { page: 'work', deploymentId: second } : { page: 'work-list' };
  if (first === 'history' && !second) return { page: 'history' };
  if (first === 'sign-in' && !second) return { page: 'sign-in' };
  if (first === 'invitations' && second) return { page: 'invitation', token: second };
  return { page: 'not-found' };
}

const encode = encodeURIComponent;

/** The path of a dashboard page in a mode: the inverse of routeOf. */
export function dashboardPath(mode: Mode, view: DashboardView): string {
  const prefix = mode === 'test' ? '/test' : '';
  switch (view.page) {
    case 'deployment':
      return `${prefix}/deployments/${encode(view.deploymentId)}`;
    case 'endpoint':
      return `${prefix}/webhooks/${encode(view.endpointId)}`;
    case 'delivery':
      return `${prefix}/deliveries/${encode(view.deliveryId)}`;
    case 'attempt':
      return `${prefix}/deliveries/${encode(view.deliveryId)}/attempts/${view.attempt}`;
    default:
      return `${prefix}/${view.page}`;
  }
}

/**
 * Where the mode switch goes: the same page in the other mode, or its list when the page shows
 * one object (a test deployment does not exist in live mode).
 */
export function switchedView(view: DashboardView): DashboardView {
  switch (view.page) {
    case 'deployment':
      return { page: 'deployments' };
    case 'endpoint':
      return { page: 'webhooks' };
    case 'delivery':
    case 'attempt':
      return { page: 'deliveries' };
    default:
      return view;
  }
}

export function opsPath(view: OpsView): string {
  switch (view.page) {
    case 'expert':
      return `/ops/roster/${encode(view.expertId)}`;
    case 'account':
      return `/ops/accounts/${encode(view.workspaceId)}`;
    default:
      return `/ops/${view.page}`;
  }
}

export type PrincipalKind = 'expert' | 'member' | 'operator';

/** Where each kind of person lands after signing in. */
export const HOME: Record<PrincipalKind, string> = { expert: '/offers', member: '/overview', operator: '/ops/roster' };

/** Whose page a route is: a person of another kind gets "not found" there. */
export function routeKind(route: Route): PrincipalKind | 'anyone' {
  switch (route.page) {
    case 'offers':
    case 'work-list':
    case 'work':
    case 'history':
      return 'expert';
    case 'dashboard':
      return 'member';
    case 'ops':
      return 'operator';
    default:
      return 'anyone';
  }
}
