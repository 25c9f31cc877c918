import type { DeliveryStatus } from '../../api/dashboard-types';

/** A webhook delivery's status in words, with a shape; colour only repeats them. */
export const DELIVERY_STATUS: Record<DeliveryStatus, { text: string; icon: string; tone: string }> = {
  scheduled: { text: 'Scheduled', icon: '○', tone: 'pending' },
  retrying: { text: 'Retrying', icon: '↻', tone: 'warning' },
  succeeded: { text: 'Succeeded', icon: '✓', tone: 'success' },
  failed: { text: 'Failed (4xx, final)', icon: '✕', tone: 'danger' },
  dead_lettered: { text: 'Dead letter', icon: '⊘', tone: 'danger' },
};

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const label = DELIVERY_STATUS[status] ?? { text: status, icon: '•', tone: 'pending' };
  return (
    <span className={`badge badge--tone-${label.tone}`} data-status={status}>
      <span aria-hidden="true">{label.icon} </span>
      {label.text}
    </span>
  );
}

/** Beside the status of a delivery whose scheduled attempt is late (the service is behind): nothing otherwise. */
export function OverdueBadge({ overdue }: { overdue?: boolean }) {
  if (!overdue) return null;
  return (
    <span
      className="badge badge--tone-danger"
      data-overdue="true"
      title="Its attempt is more than a minute past due and not made yet: the service is behind. It is sent as soon as it catches up; Retry now asks for it at once."
    >
      <span aria-hidden="true">⏱ </span>
      Overdue
    </span>
  );
}

/** "200 in 84 ms", "no answer: timeout after 10 s". */
export function attemptOutcome(attempt: { status_code: number | null; latency_ms: number; error: string | null }): string {
  if (attempt.status_code !== null) return `${attempt.status_code} in ${attempt.latency_ms.toLocaleString()} ms${attempt.error ? ` (${attempt.error})` : ''}`;
  return `No answer${attempt.error ? `: ${attempt.error}` : ''} after ${attempt.latency_ms.toLocaleString()} ms`;
}
