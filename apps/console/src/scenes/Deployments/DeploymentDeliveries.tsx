import { useDeliveryList } from '../../api/delivery-queries';
import type { Deployment, Mode } from '../../api/dashboard-types';
import { useEndpoints } from '../../api/webhook-endpoint-queries';
import { Link } from '../../app/router';
import { dashboardPath } from '../../app/routes';
import { DeliveryStatusBadge } from '../../common/DeliveryStatus/DeliveryStatus';
import { QueryStates } from '../../common/States/States';

/** What was sent about this deployment, or why nothing was and where to change that. */
export function Deliveries({ mode, deployment: d }: { mode: Mode; deployment: Deployment }) {
  const list = useDeliveryList(mode, { deployment_id: d.id });
  const endpoints = useEndpoints(mode);
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const enabled = endpoints.data?.data.filter((endpoint) => endpoint.enabled) ?? [];
  const registered = endpoints.data?.data.length ?? 0;
  return (
    <section className="card" aria-labelledby="deliveries-heading">
      <h2 id="deliveries-heading">Webhook deliveries</h2>
      <QueryStates query={list} what="deliveries" />
      {list.isSuccess && items.length === 0 && endpoints.isSuccess && (enabled.length > 0 || d.webhook_url) && (
        <p className="muted">
          Nothing sent for this deployment yet. Its events go to{' '}
          {enabled.length > 0 && (
            <Link to={dashboardPath(mode, { page: 'webhooks' })}>{enabled.length === 1 ? 'your endpoint' : `your ${enabled.length} endpoints`}</Link>
          )}
          {enabled.length > 0 && d.webhook_url && ' and to '}
          {d.webhook_url && 'its webhook_url'} as they happen: the first when an expert accepts.
        </p>
      )}
      {list.isSuccess && items.length === 0 && endpoints.isSuccess && enabled.length === 0 && !d.webhook_url && registered > 0 && (
        <p className="muted">
          Nothing sent: your {registered === 1 ? 'endpoint is' : 'endpoints are'} disabled. Enable one on the{' '}
          <Link to={dashboardPath(mode, { page: 'webhooks' })}>Webhooks</Link> page to be told of every change.
        </p>
      )}
      {list.isSuccess && items.length === 0 && endpoints.isSuccess && registered === 0 && !d.webhook_url && (
        <p className="muted">
          None. Register an endpoint on the <Link to={dashboardPath(mode, { page: 'webhooks' })}>Webhooks</Link> page, or pass <code>webhook_url</code> on
          create, to be told of every change.
        </p>
      )}
      {items.length > 0 && (
        <ul className="compact-list">
          {items.map((delivery) => (
            <li key={delivery.id}>
              <Link to={dashboardPath(mode, { page: 'delivery', deliveryId: delivery.id })}>{delivery.event_type}</Link>{' '}
              <DeliveryStatusBadge status={delivery.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
