import webpush from 'web-push';
import { waitUntil } from '@eh/platform/testing';
import { request } from '../../support/http';
import type { RunningServices } from '../../support/service-harness';
import { signedIn } from '../../console/support/console-client';
import { FAST_CLOCKS, RouterE2e, type Expert } from '../../routing/support/routing-e2e';

export interface SendRow {
  notification_id: string;
  kind: string;
  channel: string;
  subscription_id: string | null;
  deployment_id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
}

/** One VAPID key pair per run, as deploy/local generates for development. */
export function vapidEnv(): Record<string, string> {
  const keys = webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:operations@example.com' };
}

/** Services whose notifications retry fast enough to watch. */
export const NOTIFY_CLOCKS = {
  ...FAST_CLOCKS,
  OFFER_TIMEOUT_SECONDS: '4',
  PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
  NOTIFY_POLL_INTERVAL_MS: '200',
  NOTIFY_EMAIL_RETRY_DELAYS_MS: '400,400,400,400',
  NOTIFY_PUSH_RETRY_DELAYS_MS: '300,300',
  SMTP_CONNECTION_TIMEOUT_MS: '500',
  SMTP_SOCKET_TIMEOUT_MS: '500',
  PUSH_TIMEOUT_MS: '2000',
};

export class NotificationsE2e extends RouterE2e {
  private skillCount = 0;

  constructor(services: RunningServices) {
    super(services);
  }

  /** An online expert on a skill of their own; with `email`, signed in to the console under that address (where mail goes). */
  async expertWith(email: string | null): Promise<Expert & { skill: string }> {
    const skill = `notify-${++this.skillCount}-${Date.now().toString(36)}`;
    const expert = await this.addExpert([skill], 30);
    if (email !== null) await signedIn(this.services, expert, email, 'correct horse battery staple');
    return { ...expert, skill };
  }

  async sends(expertId: string): Promise<SendRow[]> {
    const response = await request<{ data: SendRow[] }>(this.services.baseUrl, 'GET', `/admin/v1/experts/${expertId}/notifications?limit=100`, {
      headers: this.admin,
    });
    if (response.status !== 200) throw new Error(`notifications of ${expertId}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data;
  }

  /** Waits until the expert's send of `notificationId` on `channel` is in one of `statuses`; a timeout says where the send stood. */
  async sendIn(expertId: string, notificationId: string, channel: string, statuses: string[], timeoutMs = 10_000): Promise<SendRow> {
    let seen: SendRow | undefined;
    const probe = async () => {
      seen = (await this.sends(expertId)).find((row) => row.notification_id === notificationId && row.channel === channel);
      return seen && statuses.includes(seen.status) ? seen : undefined;
    };
    const description = `${notificationId} ${channel} ${statuses.join('|')}`;
    return waitUntil(probe, { timeoutMs, intervalMs: 100, description }).catch((error: Error) => {
      throw new Error(`${error.message}; the send stood at ${seen === undefined ? 'no row' : JSON.stringify(seen)}`);
    });
  }
}
