import { Module } from '@nestjs/common';
import { notificationCopy } from './adapters/notification-copy';
import { notificationsMigrations } from './adapters/notifications.migrations';
import { NotificationsRuntime } from './notifications.runtime';

/**
 * Expert notifications: which event tells which expert what (domain/), the settings, push
 * subscriptions and sends tables, and what the webhooks service runs (the planning reactor and
 * the dispatcher). The gateway reads and changes settings through the lib's functions without mounting it.
 */
@Module({
  providers: [NotificationsRuntime],
})
export class NotificationsModule {
  static readonly migrations = notificationsMigrations;
  /** The planning reactor reads the relay's copies of only the events that may notify someone. */
  static readonly busCopies = [notificationCopy];
}
