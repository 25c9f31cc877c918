/** What the gateway knows of the notification channels (SMTP configured, the VAPID public key). */
export const NOTIFICATION_CHANNELS = Symbol('NotificationChannels');
/** The notifications settings (push endpoint policy) the gateway checks subscriptions against. */
export const NOTIFICATION_CONFIG = Symbol('NotificationConfig');
