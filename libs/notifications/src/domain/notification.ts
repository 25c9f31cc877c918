/**
 * What an expert is told, and on which channel. A notification is a fact about one deployment
 * and one expert; its id is a function of what it is about, so the same event handled twice (a
 * redelivery, a restart) names the same notification and the sends table keeps one row per channel.
 */
export const NOTIFICATION_KINDS = ['offer', 'reply', 'cancelled'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const CHANNELS = ['email', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];

/** What the expert reads, whatever the channel: e-mail text and the Web Push payload come from it. */
export interface NotificationMessage {
  title: string;
  body: string;
  /** Path below the console's base: `/offers` or `/work/dep_…`. */
  url: string;
  skills: string[];
  credits_cap: number | null;
  expires_at: string | null;
}

export interface Notification {
  /** `offer:dep_…:<n>`, `reply:dep_…` or `cancelled:dep_…`: also the push `tag`. */
  id: string;
  kind: NotificationKind;
  expertId: string;
  deploymentId: string;
  offerNumber: number | null;
  message: NotificationMessage;
}

/** The deterministic id: deployment, offer number (offers only) and kind. */
export function notificationId(kind: NotificationKind, deploymentId: string, offerNumber: number | null): string {
  return kind === 'offer' ? `offer:${deploymentId}:${offerNumber ?? 0}` : `${kind}:${deploymentId}`;
}
