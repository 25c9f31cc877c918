import { Inject } from '@nestjs/common';
import type { BackgroundWorker, ContextRuntimeDeclaration, Reactor, RetiredDurable } from '@eh/event-store';
import { createMailSender, loadMailConfig, type MailSender } from '@eh/mail';
import { LIVE_DEPLOYMENTS_SUBJECT } from '@eh/contracts';
import { CONFIG, ContextRuntime, SQL, type ServiceConfig, type SqlClient } from '@eh/platform';
import { isNotifyingEventType } from './domain/notification-for-event';
import { planNotifications } from './application/plan-notifications';
import { NotificationDispatcher } from './application/notification-dispatcher';
import { loadNotificationConfig } from './adapters/notifications-config';
import { NOTIFICATION_COPY_TOKEN } from './adapters/notification-copy';

/**
 * The durable of the notifications reactor: its own, so a slow or failing send never holds
 * routing. It reads the relay's copies of live deployments' notifying events (notification-copy.ts).
 */
export const NOTIFICATIONS_DURABLE = 'notifications-copies';

/** The durable before, sent every live deployment event: drained until the relay's copies begin, then deleted. */
const NOTIFICATIONS_OF_EVERY_EVENT: RetiredDurable = {
  durable: 'notifications',
  subjects: LIVE_DEPLOYMENTS_SUBJECT,
  untilFirstOn: `${NOTIFICATION_COPY_TOKEN}.>`,
};

/**
 * What a process mounting NotificationsModule runs: a reactor on live deployments' events that
 * plans sends (one row per notification and channel), and the dispatcher that sends them.
 * Test-mode deployments are played by the synthetic expert: nobody is notified of them.
 */
@ContextRuntime()
export class NotificationsRuntime implements ContextRuntimeDeclaration {
  readonly workers: readonly BackgroundWorker[];
  readonly reactors: readonly Reactor[];
  private mail: MailSender | null = null;
  private dispatcher: NotificationDispatcher | null = null;

  constructor(@Inject(CONFIG) serviceConfig: ServiceConfig, @Inject(SQL) sql: SqlClient) {
    const clock = (): Date => new Date();
    const mailConfig = loadMailConfig();
    const config = loadNotificationConfig(process.env, serviceConfig.publicBaseUrl);
    const longestAttemptMs = Math.max(2 * mailConfig.connectionTimeoutMs + mailConfig.socketTimeoutMs, config.pushTimeoutMs);
    if (config.leaseMs < 2 * longestAttemptMs)
      throw new Error(
        `NOTIFY_LEASE_MS (${config.leaseMs}) must be at least twice the longest attempt (${longestAttemptMs} ms from the SMTP and push timeouts), or a slow send could be claimed twice`,
      );
    const options = { smtpConfigured: mailConfig.smtpUrl !== null, pushConfigured: config.vapid !== null };
    this.workers = [
      {
        name: 'notification sends',
        start: async () => {
          if (!options.smtpConfigured) console.warn('notifications: SMTP_URL is not set: experts get no e-mail');
          if (!options.pushConfigured) console.warn('notifications: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are not set: experts get no Web Push');
          this.mail = createMailSender(mailConfig);
          this.dispatcher = new NotificationDispatcher({
            sql,
            mail: this.mail,
            config,
            clock,
            onError: (error) => console.error('notifications: a send failed to run', error),
          });
          this.dispatcher.start();
        },
        stop: async () => {
          await this.dispatcher?.stop();
          this.mail?.close();
        },
      },
    ];
    this.reactors = [
      {
        durable: NOTIFICATIONS_DURABLE,
        // A test-mode deployment's copies go out as `notify.deployment.<id>.test`: never sent here.
        subjects: `${NOTIFICATION_COPY_TOKEN}.${LIVE_DEPLOYMENTS_SUBJECT}`,
        replaces: [NOTIFICATIONS_OF_EVERY_EVENT],
        // With no channel configured there is nothing to plan: the events are acked untouched.
        accepts: (event) => (options.smtpConfigured || options.pushConfigured) && isNotifyingEventType(event.type),
        handle: async (event) => {
          const planned = await planNotifications(sql, event, options, clock());
          if (planned === null || planned.planned === 0) return 'nothing_done';
          this.dispatcher?.kick();
        },
        // Planning again inserts nothing (the sends' key): no processed_events row is needed.
        rerunnable: true,
        concurrency: 16,
      },
    ];
  }
}
