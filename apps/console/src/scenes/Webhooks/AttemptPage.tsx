import { Fact } from '../../common/Fact/Fact';
import { useDelivery } from '../../api/delivery-queries';
import type { Mode } from '../../api/dashboard-types';
import { Link } from '../../app/router';
import { dashboardPath } from '../../app/routes';
import { Breadcrumbs } from '../../common/Breadcrumbs/Breadcrumbs';
import { attemptOutcome, DeliveryStatusBadge } from '../../common/DeliveryStatus/DeliveryStatus';
import { When } from '../../common/When/When';
import { JsonView } from '../../common/JsonView/JsonView';
import { Page } from '../../common/Page/Page';
import { ReplayButton } from '../../common/ReplayButton/ReplayButton';
import { EmptyState, ErrorState, Loading } from '../../common/States/States';
import { useDeliveryCrumbs } from './DeliveryPage';

/** What one answer means for the delivery (README "Webhooks"). */
function meaning(statusCode: number | null): string {
  if (statusCode === null) return 'No answer (a timeout, a refused connection or a redirect): retried on the schedule.';
  if (statusCode >= 200 && statusCode < 300) return 'A 2xx: delivered. Nothing more is sent.';
  if (statusCode >= 400 && statusCode < 500) return 'A 4xx is taken as a final answer: not retried.';
  return 'A 5xx or another status: retried on the schedule, then dead-lettered.';
}

/** One attempt (the drill-down's last level): when, what the receiver answered, and what was sent. */
export default function AttemptPage({ mode, deliveryId, attempt: number }: { mode: Mode; deliveryId: string; attempt: number }) {
  const delivery = useDelivery(mode, deliveryId);
  const crumbs = <Breadcrumbs items={useDeliveryCrumbs(mode, delivery.data, deliveryId, [{ label: `Attempt ${number}` }])} />;
  const title = `Attempt ${number}`;
  if (delivery.isPending) {
    return (
      <Page title={title} above={crumbs}>
        <Loading what="the attempt" />
      </Page>
    );
  }
  if (delivery.isError) {
    return (
      <Page title={title} above={crumbs}>
        <ErrorState what="the delivery" error={delivery.error} onRetry={() => void delivery.refetch()} />
      </Page>
    );
  }
  const d = delivery.data;
  const attempt = d.attempt_history.find((entry) => entry.attempt === number);
  const previous = d.attempt_history.find((entry) => entry.attempt === number - 1);
  const next = d.attempt_history.find((entry) => entry.attempt === number + 1);
  if (!attempt) {
    return (
      <Page title={title} above={crumbs}>
        <EmptyState title={`Delivery ${d.id} has no attempt ${number}.`}>
          <p>
            It has {d.attempt_history.length} so far. See <Link to={dashboardPath(mode, { page: 'delivery', deliveryId: d.id })}>the delivery</Link>.
          </p>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page
      title={title}
      above={crumbs}
      lead={
        <p>
          Of the <code>{d.event_type}</code> delivery <code>{d.id}</code>, now <DeliveryStatusBadge status={d.status} />
        </p>
      }
      action={<ReplayButton mode={mode} delivery={d} small={false} />}
    >
      <section className="card" aria-labelledby="attempt-heading">
        <h2 id="attempt-heading">The receiver's answer</h2>
        <dl className="facts facts--row">
          <Fact label="Sent">
            <When iso={attempt.attempted_at} precision="second" />
          </Fact>
          <Fact label="Status code">{attempt.status_code ?? 'None'}</Fact>
          <Fact label="Latency">{attempt.latency_ms.toLocaleString()} ms</Fact>
          <Fact label="Error">{attempt.error ?? 'None'}</Fact>
        </dl>
        <p>
          <strong>{attemptOutcome(attempt)}.</strong> {meaning(attempt.status_code)}
        </p>
        {d.status === 'dead_lettered' && <p className="muted">This delivery is a dead letter: replay it (button above) once the receiver is fixed.</p>}
      </section>
      <section className="card" aria-labelledby="request-heading">
        <h2 id="request-heading">What was sent</h2>
        <dl className="facts">
          <Fact label="POST" className="wrap">
            {d.url}
          </Fact>
          <Fact label="Headers">
            <code>Service-Event: {d.event_type}</code>
            <br />
            <code>Service-Delivery: {d.id}</code>
            <br />
            <code>Service-Signature: t=…,v1=…</code>
          </Fact>
        </dl>
        <JsonView text={d.body} label="The body of the attempt" />
      </section>
      <nav className="pager" aria-label="Attempts">
        {previous ? (
          <Link to={dashboardPath(mode, { page: 'attempt', deliveryId: d.id, attempt: previous.attempt })}>← Attempt {previous.attempt}</Link>
        ) : (
          <span />
        )}
        {next ? <Link to={dashboardPath(mode, { page: 'attempt', deliveryId: d.id, attempt: next.attempt })}>Attempt {next.attempt} →</Link> : <span />}
      </nav>
    </Page>
  );
}
