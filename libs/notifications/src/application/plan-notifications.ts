import type { SqlClient } from '@eh/platform';
import type { RecordedEvent } from '@eh/event-store';
import { isNotifyingEventType, notificationFor, type NotifyingEvent } from '../domain/notification-for-event';
import type { Notification } from '../domain/notification';
import { planSends, type PlannedSend } from '../adapters/notification-sends.store';
import { deploymentFacts } from '../adapters/notification-facts.query';
import { destinationsOf } from '../adapters/reachable-channels.query';

export interface PlanOptions {
  /** E-mail is planned only with an SMTP server configured. */
  smtpConfigured: boolean;
  /** Push is planned only with VAPID keys configured. */
  pushConfigured: boolean;
}

/**
 * The reactor's step for one deployment event: the notification it produces (if any), and a
 * send row per channel the expert is reachable on. It sends nothing itself; rows are the
 * durable to-do list the dispatcher works through, so a crash after this step loses no send
 * and a redelivery of the event adds none. Returns what it planned, for the caller to wake the dispatcher.
 */
export async function planNotifications(
  sql: SqlClient,
  event: RecordedEvent,
  options: PlanOptions,
  now: Date,
): Promise<{ notification: Notification; planned: number } | null> {
  if (!isNotifyingEventType(event.type)) return null;
  const typed = { type: event.type, data: event.data } as NotifyingEvent;
  const deploymentId = (event.data as { deployment_id: string }).deployment_id;
  const offered = typed.type === 'deployment.offered' ? typed.data.expert.id : null;
  const facts = await deploymentFacts(sql, deploymentId, offered);
  // Read models are written in the append's own transaction: an event on the bus has its rows.
  if (facts === null) return null;
  const notification = notificationFor(typed, facts);
  if (notification === null) return null;
  const destinations = await destinationsOf(sql, notification.expertId);
  const sends: PlannedSend[] = [];
  if (options.smtpConfigured && destinations.email !== null) sends.push({ channel: 'email', subscriptionId: '', recipient: destinations.email });
  if (options.pushConfigured) for (const id of destinations.subscriptionIds) sends.push({ channel: 'push', subscriptionId: id, recipient: id });
  return { notification, planned: await planSends(sql, notification, sends, now) };
}
