/**
 * Expert notifications (libs/notifications): the expert's settings and push subscriptions, and
 * operations' view of what was sent to whom. The sending itself runs in the webhooks service.
 */
import { loadMailConfig } from '@eh/mail';
import { loadNotificationConfig } from '@eh/notifications';
import type { ServiceConfig } from '@eh/platform';
import { AdminExpertNotificationsController } from './admin-expert-notifications.controller';
import { ExpertNotificationsController } from './expert-notifications.controller';
import { NOTIFICATION_CHANNELS, NOTIFICATION_CONFIG } from './notifications.tokens';
import { CONFIG } from '../http/tokens';

export const NOTIFICATIONS_CONTROLLERS = [ExpertNotificationsController, AdminExpertNotificationsController];

export const notificationsProviders = [
  { provide: NOTIFICATION_CONFIG, useFactory: (config: ServiceConfig) => loadNotificationConfig(process.env, config.publicBaseUrl), inject: [CONFIG] },
  {
    provide: NOTIFICATION_CHANNELS,
    useFactory: (config: ReturnType<typeof loadNotificationConfig>) => ({
      smtpConfigured: loadMailConfig().smtpUrl !== null,
      vapidPublicKey: config.vapid?.publicKey ?? null,
    }),
    inject: [NOTIFICATION_CONFIG],
  },
];
