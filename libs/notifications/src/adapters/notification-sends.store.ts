import type { SqlClient } from '@eh/platform';
import type { Channel, Notification, NotificationKind, NotificationMessage } from '../domain/notification';
import type { SendStep } from '../domain/retry-schedule';

/** One (notification, channel, subscription) to send: email has subscription '' and the address as recipient. */
export interface PlannedSend {
  channel: Channel;
  subscriptionId: string;
  recipient: string;
}

export interface ClaimedSend {
  notification_id: string;
  channel: Channel;
  subscription_id: string;
  expert_id: string;
  deployment_id: string;
  kind: NotificationKind;
  offer_number: number | null;
  recipient: string;
  message: NotificationMessage;
  /** This attempt's number, counted when claimed. */
  attempts: number;
}

/**
 * Records the sends a notification needs. The primary key makes a second call (the event
 * redelivered, or handled again after a crash) insert nothing: each send exists once.
 */
export async function planSends(sql: SqlClient, notification: Notification, sends: readonly PlannedSend[], now: Date): Promise<number> {
  if (sends.length === 0) return 0;
  const { rowCount } = await sql.query(
    `INSERT INTO notification_sends (notification_id, channel, subscription_id, expert_id, deployment_id, kind, offer_number, recipient, message, status, next_attempt_at, created_at)
     SELECT $1, s.channel, s.subscription_id, $2, $3, $4, $5, s.recipient, $6, 'pending', $7, $7
     FROM unnest($8::text[], $9::text[], $10::text[]) AS s(channel, subscription_id, recipient)
     ON CONFLICT DO NOTHING`,
    [
      notification.id,
      notification.expertId,
      notification.deploymentId,
      notification.kind,
      notification.offerNumber,
      JSON.stringify(notification.message),
      now,
      sends.map((s) => s.channel),
      sends.map((s) => s.subscriptionId),
      sends.map((s) => s.recipient),
    ],
  );
  return rowCount ?? 0;
}

/**
 * Claims up to `limit` sends that are due: new, waiting for a retry, or held by a process whose
 * lease ran out (it died mid-send). The claim counts the attempt and holds the row for `leaseMs`,
 * so no other process (or this one, on its next pass) sends it meanwhile.
 */
export async function claimDueSends(sql: SqlClient, now: Date, leaseMs: number, limit: number): Promise<ClaimedSend[]> {
  const { rows } = await sql.query<ClaimedSend>(
    `UPDATE notification_sends s SET status = 'sending', attempts = s.attempts + 1, lease_until = $2
     FROM (SELECT notification_id, channel, subscription_id FROM notification_sends
           WHERE status IN ('pending', 'retrying', 'sending') AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
           ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED) due
     WHERE s.notification_id = due.notification_id AND s.channel = due.channel AND s.subscription_id = due.subscription_id
     RETURNING s.notification_id, s.channel, s.subscription_id, s.expert_id, s.deployment_id, s.kind, s.offer_number, s.recipient, s.message, s.attempts`,
    [now, new Date(now.getTime() + leaseMs), limit],
  );
  return rows;
}

type Outcome = SendStep | { status: 'skipped'; error: string };

/** Records how the claimed attempt ended; only while this claim still holds the row (its attempt number). */
export async function recordOutcome(sql: SqlClient, send: ClaimedSend, outcome: Outcome, now: Date): Promise<void> {
  const nextAttemptAt = outcome.status === 'retrying' ? outcome.nextAttemptAt : now;
  const error = outcome.status === 'sent' ? null : outcome.error;
  await sql.query(
    `UPDATE notification_sends SET status = $5, last_error = COALESCE($6, last_error), next_attempt_at = $7, lease_until = NULL,
       sent_at = CASE WHEN $5 = 'sent' THEN $8 ELSE sent_at END
     WHERE notification_id = $1 AND channel = $2 AND subscription_id = $3 AND attempts = $4 AND status = 'sending'`,
    [send.notification_id, send.channel, send.subscription_id, send.attempts, outcome.status, error, nextAttemptAt, now],
  );
  if (send.channel !== 'push') return;
  if (outcome.status === 'sent')
    await sql.query('UPDATE expert_push_subscriptions SET last_sent_at = $2, failing = false WHERE id = $1', [send.subscription_id, now]);
  else if (outcome.status === 'gone')
    await sql.query('UPDATE expert_push_subscriptions SET gone_at = COALESCE(gone_at, $2) WHERE id = $1', [send.subscription_id, now]);
  else if (outcome.status === 'failed' || outcome.status === 'retrying')
    await sql.query('UPDATE expert_push_subscriptions SET failing = true WHERE id = $1', [send.subscription_id]);
}

/** The keys a push is encrypted to; null when the subscription was removed or is gone since the send was planned. */
export async function pushKeysOf(sql: SqlClient, subscriptionId: string): Promise<{ endpoint: string; p256dh: string; auth: string } | null> {
  const { rows } = await sql.query<{ endpoint: string; p256dh: string; auth: string }>(
    'SELECT endpoint, p256dh, auth FROM expert_push_subscriptions WHERE id = $1 AND removed_at IS NULL AND gone_at IS NULL',
    [subscriptionId],
  );
  return rows[0] ?? null;
}
