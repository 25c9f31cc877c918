import type { SqlClient } from '@eh/platform';

/** A send as operations see it: what went to whom, and how it ended. */
export interface NotificationSendView {
  object: 'notification_send';
  notification_id: string;
  kind: string;
  channel: string;
  /** The push subscription (`psub_…`), null for e-mail. */
  subscription_id: string | null;
  deployment_id: string;
  offer_number: number | null;
  status: 'pending' | 'sending' | 'retrying' | 'sent' | 'failed' | 'skipped' | 'gone';
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

const ISO = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One expert's sends, newest first; `afterSeq` is the last row of the page before. */
export async function listNotificationSends(
  sql: SqlClient,
  expertId: string,
  limit: number,
  afterSeq: number | null,
): Promise<{ data: NotificationSendView[]; lastSeq: number | null; hasMore: boolean }> {
  const { rows } = await sql.query<NotificationSendView & { seq: string }>(
    `SELECT seq, 'notification_send' AS object, notification_id, kind, channel, NULLIF(subscription_id, '') AS subscription_id, deployment_id, offer_number,
            status, attempts, last_error, ${ISO('created_at')} AS created_at, ${ISO('sent_at')} AS sent_at
     FROM notification_sends WHERE expert_id = $1 AND ($2::bigint IS NULL OR seq < $2) ORDER BY seq DESC LIMIT $3`,
    [expertId, afterSeq, limit + 1],
  );
  const page = rows.slice(0, limit);
  return {
    data: page.map(({ seq: _seq, ...view }) => view),
    lastSeq: page.length > 0 ? Number(page[page.length - 1].seq) : null,
    hasMore: rows.length > limit,
  };
}
