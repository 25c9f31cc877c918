import type { SqlClient } from '@eh/platform';
import type { PushSubscriptionInput, SettingsChange } from '../domain/push-subscription.rules';

export interface StoredSettings {
  email_enabled: boolean;
  push_enabled: boolean;
  sound: boolean;
}

export interface StoredSubscription {
  id: string;
  created_at: string;
  user_agent: string | null;
  last_sent_at: string | null;
  failing: boolean;
}

const ISO = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const DEFAULTS: StoredSettings = { email_enabled: true, push_enabled: true, sound: true };
const SUBSCRIPTION_COLUMNS = `id, ${ISO('created_at')} AS created_at, user_agent, ${ISO('last_sent_at')} AS last_sent_at, failing`;

/** Everything is on until the expert turns it off: an offer they never hear of is lost work. */
export async function settingsOf(sql: SqlClient, expertId: string): Promise<StoredSettings> {
  const { rows } = await sql.query<StoredSettings>('SELECT email_enabled, push_enabled, sound FROM expert_notification_settings WHERE expert_id = $1', [
    expertId,
  ]);
  return rows[0] ?? DEFAULTS;
}

export async function changeSettings(sql: SqlClient, expertId: string, change: SettingsChange, now: Date): Promise<StoredSettings> {
  const next = { ...(await settingsOf(sql, expertId)), ...change };
  await sql.query(
    `INSERT INTO expert_notification_settings (expert_id, email_enabled, push_enabled, sound, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (expert_id) DO UPDATE SET email_enabled = EXCLUDED.email_enabled, push_enabled = EXCLUDED.push_enabled, sound = EXCLUDED.sound, updated_at = EXCLUDED.updated_at`,
    [expertId, next.email_enabled, next.push_enabled, next.sound, now],
  );
  return next;
}

/** The expert's live subscriptions (not removed, not gone), oldest first. */
export async function subscriptionsOf(sql: SqlClient, expertId: string): Promise<StoredSubscription[]> {
  const { rows } = await sql.query<StoredSubscription>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM expert_push_subscriptions WHERE expert_id = $1 AND removed_at IS NULL AND gone_at IS NULL ORDER BY created_at, id`,
    [expertId],
  );
  return rows;
}

/**
 * Saves a browser's subscription; the same endpoint again is the existing one (`created: false`),
 * with its keys refreshed (a browser may rotate them), revived if it had been removed or gone.
 */
export async function saveSubscription(
  sql: SqlClient,
  expertId: string,
  input: PushSubscriptionInput,
  userAgent: string | null,
  newId: string,
  now: Date,
): Promise<{ subscription: StoredSubscription; created: boolean }> {
  const { rows } = await sql.query<StoredSubscription & { created: boolean }>(
    `INSERT INTO expert_push_subscriptions (id, expert_id, endpoint, p256dh, auth, expiration_time, user_agent, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (expert_id, endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, expiration_time = EXCLUDED.expiration_time,
       removed_at = NULL, gone_at = NULL, failing = false
     RETURNING ${SUBSCRIPTION_COLUMNS}, (xmax = 0) AS created`,
    [newId, expertId, input.endpoint, input.keys.p256dh, input.keys.auth, input.expirationTime, userAgent?.slice(0, 500) ?? null, now],
  );
  const { created, ...subscription } = rows[0];
  return { subscription, created };
}

/** False when the expert has no such subscription. */
export async function removeSubscription(sql: SqlClient, expertId: string, id: string, now: Date): Promise<boolean> {
  const { rowCount } = await sql.query(
    'UPDATE expert_push_subscriptions SET removed_at = COALESCE(removed_at, $3) WHERE id = $1 AND expert_id = $2 AND removed_at IS NULL',
    [id, expertId, now],
  );
  return (rowCount ?? 0) > 0;
}

/** The sign-in email of the expert's console account, the address mail goes to; null when never invited and accepted. */
export async function emailAddressOf(sql: SqlClient, expertId: string): Promise<string | null> {
  const { rows } = await sql.query<{ email: string }>('SELECT email FROM expert_console_accounts_view WHERE expert_id = $1', [expertId]);
  return rows[0]?.email ?? null;
}
