import { SpanKind } from '@opentelemetry/api';
import {
  contextFromTraceparent,
  currentTraceparent,
  DELIVERY_OUTCOMES,
  deadLetters,
  deliveryAttempts,
  inSpan,
  oneOf,
  sharedReading,
  tracingEnabled,
  type SignalGauge,
  type SqlClient,
} from '@eh/platform';
import { attemptNumberOf, deliveryIdOf, type AttemptOutcome, type AttemptReport, type AttemptStart } from '../application/attempt-delivery.handler';
import type { AttemptJob } from './delivery-queue';

/**
 * One webhook attempt with its signals: a client span in the trace of the event that
 * caused the delivery (its context rides in the job's data), and
 * `eh_webhook_delivery_attempts_total{outcome}` / `eh_webhook_dead_letters_total`. An attempt
 * made before its delivery is recorded is counted once its outcome is (later, by the attempt that records it).
 */
export async function attemptWithSignals<Report extends AttemptReport>(job: AttemptJob, attempt: () => Promise<Report>): Promise<Report> {
  let report: Report;
  try {
    report = await inAttemptSpan(job, attempt);
  } catch (error) {
    deliveryAttempts().inc({ outcome: 'error' });
    throw error;
  }
  if (report.recorded) countAttempt(report.outcome);
  return report;
}

/** The job an attempt made here, not from the queue, would have: in the current trace. */
export const jobOf = (start: AttemptStart): AttemptJob => ({
  delivery_id: deliveryIdOf(start),
  attempt: attemptNumberOf(start),
  traceparent: currentTraceparent(),
});

async function inAttemptSpan<Report extends AttemptReport>(job: AttemptJob, attempt: () => Promise<Report>): Promise<Report> {
  if (!tracingEnabled()) return attempt();
  return inSpan(
    'webhook attempt',
    { kind: SpanKind.CLIENT, attributes: { delivery_id: job.delivery_id, attempt: job.attempt } },
    contextFromTraceparent(job.traceparent),
    async (span) => {
      const report = await attempt();
      span?.setAttribute('outcome', report.recorded ? report.outcome : 'not recorded yet');
      return report;
    },
  );
}

/** An attempt's outcome in the metrics. */
function countAttempt(outcome: AttemptOutcome): void {
  deliveryAttempts().inc({ outcome: oneOf(outcome, DELIVERY_OUTCOMES, 'error') });
  if (outcome === 'dead_lettered') deadLetters().inc();
}

/**
 * The webhooks service's gauges, read from `deliveries_view` at each scrape: dead letters
 * waiting for a replay, and pending deliveries more than a minute past their attempt time
 * (the queue lost them, or the workers cannot keep up).
 */
export function deliveryGauges(sql: SqlClient): SignalGauge[] {
  const read = sharedReading(async () => {
    const { rows } = await sql.query<{ dead: number; overdue: number }>(
      `SELECT (SELECT count(*)::int FROM deliveries_view WHERE status = 'dead_lettered') AS dead,
              (SELECT count(*)::int FROM deliveries_view WHERE status IN ('scheduled', 'retrying') AND next_attempt_at < now() - interval '60 seconds') AS overdue`,
    );
    return rows[0] ?? { dead: 0, overdue: 0 };
  });
  return [
    { name: 'eh_webhook_dead_letters', help: 'Webhook deliveries dead-lettered and not replayed.', collect: async () => [{ value: (await read()).dead }] },
    {
      name: 'eh_webhook_deliveries_overdue',
      help: 'Pending webhook deliveries more than 60 s past their attempt time.',
      collect: async () => [{ value: (await read()).overdue }],
    },
  ];
}
