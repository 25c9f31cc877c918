import type { SqlClient } from '@eh/platform';
import { emailAddressOf, settingsOf, subscriptionsOf, type StoredSettings, type StoredSubscription } from '@eh/notifications';

/** The expert console's notification settings, as answered by GET and PATCH. */
export interface NotificationSettingsResource {
  email: { enabled: boolean; address: string | null; deliverable: boolean };
  push: { enabled: boolean; vapid_public_key: string | null; subscriptions: StoredSubscription[] };
  sound: boolean;
}

/** What the gateway knows of the channels: whether mail can go out at all, and the VAPID key browsers subscribe with. */
export interface NotificationChannels {
  smtpConfigured: boolean;
  vapidPublicKey: string | null;
}

export async function notificationSettingsResource(
  sql: SqlClient,
  expertId: string,
  channels: NotificationChannels,
  settings?: StoredSettings,
): Promise<NotificationSettingsResource> {
  const [stored, address, subscriptions] = await Promise.all([
    settings ?? settingsOf(sql, expertId),
    emailAddressOf(sql, expertId),
    subscriptionsOf(sql, expertId),
  ]);
  return {
    email: { enabled: stored.email_enabled, address, deliverable: channels.smtpConfigured && address !== null },
    push: { enabled: stored.push_enabled, vapid_public_key: channels.vapidPublicKey, subscriptions },
    sound: stored.sound,
  };
}
