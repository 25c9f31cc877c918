import { createHash } from 'node:crypto';

/**
 * The Web Push `Topic` of a notification: at most 32 characters of the URL-safe base64 alphabet
 * (RFC 8030), so the tag itself (with `:`) cannot be it. A retried push carries the same topic,
 * and the push service replaces the earlier, undelivered one instead of queueing both.
 */
export function pushTopic(notificationId: string): string {
  return createHash('sha256').update(notificationId).digest('base64url').slice(0, 32);
}

/** Seconds a push stays worth delivering: until the offer ends, else a day. Never below 0. */
export function pushTtlSeconds(expiresAt: Date | null, now: Date): number {
  if (expiresAt === null) return 24 * 3600;
  return Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
}
