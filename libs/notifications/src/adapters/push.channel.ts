import webpush from 'web-push';
import type { NotificationKind, NotificationMessage } from '../domain/notification';
import { pushTopic } from '../domain/push-topic';
import type { AttemptOutcome } from '../domain/retry-schedule';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** What the console's service worker reads (the shared contract with the console). */
export interface PushPayload extends NotificationMessage {
  kind: NotificationKind;
  deployment_id: string;
  offer_number: number | null;
  tag: string;
}

/**
 * One notification as a Web Push message: web-push encrypts it (aes128gcm, RFC 8291) and signs
 * the VAPID header; the request itself goes out with fetch under our own timeout, so a stalled
 * push service holds one attempt for `timeoutMs`, never the dispatcher. The `Topic` makes a
 * retried push replace the earlier one at the push service; `TTL` is the offer's time left.
 */
export async function sendPush(
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
  options: { vapid: VapidKeys; ttlSeconds: number; timeoutMs: number },
): Promise<AttemptOutcome> {
  let details: { endpoint: string; method: string; headers: Record<string, string | number>; body: Buffer | null };
  try {
    details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: options.vapid,
        TTL: options.ttlSeconds,
        topic: pushTopic(payload.tag),
        urgency: payload.kind === 'offer' ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
      },
    ) as typeof details;
  } catch (error) {
    // Keys the library cannot encrypt to: the subscription is bad, which no retry mends.
    return { kind: 'permanent', error: `cannot encrypt to this subscription: ${error instanceof Error ? error.message : String(error)}` };
  }
  try {
    const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
    const response = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ?? undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    await response.arrayBuffer().catch(() => undefined);
    return classifyPushStatus(response.status);
  } catch (error) {
    return { kind: 'retryable', error: `push service unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** 2xx sent; 404/410 the subscription is gone; 429 and 5xx (and redirects) later; any other 4xx for good. */
export function classifyPushStatus(status: number): AttemptOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone', error: `push service answered ${status}: the subscription is gone` };
  if (status === 429 || status >= 500 || (status >= 300 && status < 400)) return { kind: 'retryable', error: `push service answered ${status}` };
  return { kind: 'permanent', error: `push service answered ${status}` };
}
