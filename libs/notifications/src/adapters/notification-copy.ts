import type { BusCopy } from '@eh/event-store';
import { isNotifyingEventType } from '../domain/notification-for-event';

/** The copies' first subject token: the planning reactor filters on `notify.deployment.*`. */
export const NOTIFICATION_COPY_TOKEN = 'notify';

/**
 * The relay's copy, on `notify.<subject>`, of the messages holding an event that may tell an
 * expert something (an offer, a reply, a cancellation): one deployment event in five or so, and
 * the planning reactor is sent nothing else. Decided by the event's type alone, so it folds nothing.
 */
export function notificationCopy(): BusCopy {
  return { token: NOTIFICATION_COPY_TOKEN, start: async () => ({ copies: (event) => isNotifyingEventType(event.type) }) };
}
