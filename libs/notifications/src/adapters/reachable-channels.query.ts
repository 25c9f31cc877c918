import type { SqlClient } from '@eh/platform';

export interface Reachability {
  email: boolean;
  push: boolean;
}

/**
 * How each expert can be reached now. E-mail: turned on, an address known (their console
 * sign-in) and an SMTP server configured (`smtpConfigured`). Push: turned on and at least one
 * subscription that is neither removed nor gone. One query for the lot; unknown experts are
 * reachable on nothing.
 */
export async function reachableChannels(sql: SqlClient, expertIds: readonly string[], smtpConfigured: boolean): Promise<Map<string, Reachability>> {
  const result = new Map<string, Reachability>(expertIds.map((id) => [id, { email: false, push: false }]));
  if (expertIds.length === 0) return result;
  const { rows } = await sql.query<{ expert_id: string; email: boolean; push: boolean }>(
    `SELECT ids.expert_id,
            (COALESCE(s.email_enabled, true) AND a.email IS NOT NULL) AS email,
            (COALESCE(s.push_enabled, true) AND EXISTS (SELECT 1 FROM expert_push_subscriptions p
               WHERE p.expert_id = ids.expert_id AND p.removed_at IS NULL AND p.gone_at IS NULL)) AS push
     FROM unnest($1::text[]) AS ids(expert_id)
     LEFT JOIN expert_notification_settings s ON s.expert_id = ids.expert_id
     LEFT JOIN expert_console_accounts_view a ON a.expert_id = ids.expert_id`,
    [[...new Set(expertIds)]],
  );
  for (const row of rows) result.set(row.expert_id, { email: smtpConfigured && row.email, push: row.push });
  return result;
}

/** Where one expert's notification goes: the address, and the live subscriptions, each if enabled. */
export async function destinationsOf(sql: SqlClient, expertId: string): Promise<{ email: string | null; subscriptionIds: string[] }> {
  const { rows } = await sql.query<{ email: string | null; subscription_ids: string[] }>(
    `SELECT CASE WHEN COALESCE(s.email_enabled, true) THEN a.email END AS email,
            CASE WHEN COALESCE(s.push_enabled, true) THEN ARRAY(SELECT p.id FROM expert_push_subscriptions p
              WHERE p.expert_id = $1 AND p.removed_at IS NULL AND p.gone_at IS NULL ORDER BY p.created_at, p.id) ELSE ARRAY[]::text[] END AS subscription_ids
     FROM (SELECT $1::text AS expert_id) e
     LEFT JOIN expert_notification_settings s ON s.expert_id = e.expert_id
     LEFT JOIN expert_console_accounts_view a ON a.expert_id = e.expert_id`,
    [expertId],
  );
  return { email: rows[0]?.email ?? null, subscriptionIds: rows[0]?.subscription_ids ?? [] };
}
