import { Fact } from '../../common/Fact/Fact';
import { useDelivery } from '../../api/delivery-queries';
import { useEndpoint } from '../../api/webhook-endpoint-queries';
import type { DeliveryDetail, Mode } from '../../api/dashboard-types';
import { Link } from '../../app/router';
import { dashboardPath } from '../../app/routes';
import { Breadcrumbs, type Crumb } from '../../common/Breadcrumbs/Breadcrumbs';
import { CopyButton } from '../../common/CopyButton/CopyButton';
import { attemptOutcome, DeliveryStatusBadge, OverdueBadge } from '../../common/DeliveryStatus/DeliveryStatus';
import { formatPreciseTime } from '../../common/format';
import { When } from '../../common/When/When';
import { JsonView } from '../../common/JsonView/JsonView';
import { RecordPageStates } from '../../common/States/RecordPageStates';
import { Page } from '../../common/Page/Page';
import { ReplayButton, RetryNowButton } from '../../common/ReplayButton/ReplayButton';
import { EmptyState } from '../../common/States/States';
import { DataTable } from '../../common/DataTable/DataTable';

/** The drill-down's trail: Webhooks › the endpoint (or the deployment's webhook_url) › this delivery › … */
export function useDeliveryCrumbs(mode: Mode, delivery: DeliveryDetail | undefined, deliveryId: string, tail: Crumb[] = []): Crumb[] {
  const endpoint = useEndpoint(mode, delivery?.endpoint_id ?? '');
  const base: Crumb[] = [{ label: 'Webhooks', to: dashboardPath(mode, { page: 'webhooks' }) }];
  if (delivery?.endpoint_id)
    base.push({ label: endpoint.data?.url ?? delivery.url, to: dashboardPath(mode, { page: 'endpoint', endpointId: delivery.endpoint_id }) });
  else base.push({ label: 'Delivery log', to: dashboardPath(mode, { page: 'deliveries' }) });
  const self: Crumb = { label: `Delivery ${deliveryId}`, to: tail.length ? dashboardPath(mode, { page: 'delivery', deliveryId }) : undefined };
  return [...base, self, ...tail];
}

/** One delivery (the drill-down's second level): its attempts, its body, a replay for a dead letter. */
export default function DeliveryPage({ mode, deliveryId }: { mode: Mode; deliveryId: string }) {
  const delivery = useDelivery(mode, deliveryId);
  const crumbs = <Breadcrumbs items={useDeliveryCrumbs(mode, delivery.data, deliveryId)} />;
  if (!delivery.isSuccess) {
    return (
      <RecordPageStates
        query={delivery}
        title="Delivery"
        what="the delivery"
        above={crumbs}
        notFound={
          <EmptyState title={`No ${mode} delivery ${deliveryId}.`}>
            <p>
              See the <Link to={dashboardPath(mode, { page: 'deliveries' })}>delivery log</Link>.
            </p>
          </EmptyState>
        }
      />
    );
  }
  const d = delivery.data;
  return (
    <Page
      title={`Delivery of ${d.event_type}`}
      above={crumbs}
      lead={
        <p className="work-status">
          <span aria-live="polite">
            <DeliveryStatusBadge status={d.status} /> <OverdueBadge overdue={d.overdue} />
          </span>{' '}
          <code>{d.id}</code> <CopyButton value={d.id} label="Copy the delivery id" />
        </p>
      }
      action={
        <>
          <RetryNowButton mode={mode} delivery={d} /> <ReplayButton mode={mode} delivery={d} small={false} anyOutcome />
        </>
      }
    >
      {d.overdue && (
        <p className="callout callout--warning">
          <strong>Overdue.</strong> Attempt {d.attempts + 1} was due {d.next_attempt_at ? formatPreciseTime(d.next_attempt_at) : 'earlier'} and has not been
          made: the service is behind. It goes out as soon as it catches up; Retry now asks for it at once.
        </p>
      )}
      {d.status === 'dead_lettered' && (
        <p className="callout callout--warning">
          <strong>Dead letter.</strong> {d.dead_letter_reason ? `Last answer: ${d.dead_letter_reason}.` : 'Every attempt failed.'} Fix the receiver, then
          replay: it is sent again with the same <code>Service-Delivery: {d.id}</code>.
        </p>
      )}
      <div className="detail-grid">
        <div className="detail-grid__main">
          <section className="card" aria-labelledby="attempts-heading">
            <h2 id="attempts-heading">Attempts</h2>
            {d.attempt_history.length === 0 ? (
              <p className="muted">Not tried yet{d.next_attempt_at ? `: the first attempt is due ${formatPreciseTime(d.next_attempt_at)}` : ''}.</p>
            ) : (
              <DataTable label="Table of attempts" caption="Attempts, oldest first" columns={['Attempt', 'When', 'Answer']}>
                {d.attempt_history.map((attempt) => (
                  <tr key={attempt.attempt} data-attempt={attempt.attempt}>
                    <td>
                      <Link to={dashboardPath(mode, { page: 'attempt', deliveryId: d.id, attempt: attempt.attempt })}>Attempt {attempt.attempt}</Link>
                    </td>
                    <td>
                      <When iso={attempt.attempted_at} precision="second" />
                    </td>
                    <td>{attemptOutcome(attempt)}</td>
                  </tr>
                ))}
              </DataTable>
            )}
            {d.next_attempt_at && (
              <p className="muted small">
                Next attempt due <When iso={d.next_attempt_at} precision="second" />.
              </p>
            )}
          </section>
          <section className="card" aria-labelledby="body-heading">
            <h2 id="body-heading">Body sent</h2>
            <p className="muted small">
              The exact JSON POSTed, with <code>Service-Event: {d.event_type}</code> and <code>Service-Delivery: {d.id}</code>.
            </p>
            <JsonView text={d.body} label="The delivery's body" />
          </section>
        </div>
        <aside className="detail-grid__side" aria-label="Delivery details">
          <section className="card" aria-labelledby="delivery-facts-heading">
            <h2 id="delivery-facts-heading">Details</h2>
            <dl className="facts">
              <Fact label="Sent to" className="wrap">
                {d.url}
                {!d.endpoint_id && <span className="muted small"> (the deployment's webhook_url)</span>}
              </Fact>
              <Fact label="Event">
                <code>{d.event_id}</code>
              </Fact>
              {d.deployment_id && (
                <Fact label="Deployment">
                  <Link to={dashboardPath(mode, { page: 'deployment', deploymentId: d.deployment_id })}>{d.deployment_id}</Link>
                </Fact>
              )}
              <Fact label="Created">
                <When iso={d.created_at} precision="second" />
              </Fact>
            </dl>
            <h3>Timeline</h3>
            <ol className="compact-list">
              {d.timeline.map((entry, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows at its end, so an entry's place is its identity
                <li key={`${entry.type}-${index}`}>
                  <code className="small">{entry.type}</code>{' '}
                  <span className="muted small">
                    <When iso={entry.at} precision="second" />
                  </span>
                </li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
    </Page>
  );
}
