import type { Migration } from '@eh/platform';

/**
 * An expert's notification settings, their browsers' push subscriptions, and one row per
 * (notification, channel, subscription) sent or to send. Plain tables, not event streams: they
 * are operational state about reaching a person, not facts of the work (like drafts and sessions).
 * The sends' primary key is what makes delivery idempotent: a redelivered event inserts nothing new.
 */
export const notificationsMigrations: readonly Migration[] = [
  {
    id: 'notifications/001-settings-subscriptions-sends',
    sql: `
      CREATE TABLE IF NOT EXISTS expert_notification_settings (
        expert_id text PRIMARY KEY,
        email_enabled boolean NOT NULL DEFAULT true,
        push_enabled boolean NOT NULL DEFAULT true,
        sound boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE IF NOT EXISTS expert_push_subscriptions (
        id text PRIMARY KEY,
        expert_id text NOT NULL,
        endpoint text NOT NULL,
        p256dh text NOT NULL,
        auth text NOT NULL,
        expiration_time bigint,
        user_agent text,
        created_at timestamptz NOT NULL,
        last_sent_at timestamptz,
        failing boolean NOT NULL DEFAULT false,
        gone_at timestamptz,
        removed_at timestamptz,
        UNIQUE (expert_id, endpoint)
      );
      CREATE TABLE IF NOT EXISTS notification_sends (
        seq bigserial UNIQUE,
        notification_id text NOT NULL,
        channel text NOT NULL,
        subscription_id text NOT NULL DEFAULT '',
        expert_id text NOT NULL,
        deployment_id text NOT NULL,
        kind text NOT NULL,
        offer_number integer,
        recipient text NOT NULL,
        message jsonb NOT NULL,
        status text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        next_attempt_at timestamptz NOT NULL,
        lease_until timestamptz,
        created_at timestamptz NOT NULL,
        sent_at timestamptz,
        PRIMARY KEY (notification_id, channel, subscription_id)
      );
      CREATE INDEX IF NOT EXISTS notification_sends_due ON notification_sends (next_attempt_at) WHERE status IN ('pending', 'retrying', 'sending');
      CREATE INDEX IF NOT EXISTS notification_sends_by_expert ON notification_sends (expert_id, seq DESC);
    `,
  },
];
