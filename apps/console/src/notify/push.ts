import type { PushSubscriptionInput } from '../api/notifications';
import { base64UrlToBytes } from './base64url';
import { consoleWorker } from './service-worker';

/** What a refusal means for the person, in the words the settings page shows. */
export class PushNotAvailable extends Error {}

/**
 * Asks for the permission (a click must lead here: browsers refuse a prompt without one),
 * subscribes this browser with the server's key and answers the subscription to register.
 */
export async function subscribeThisBrowser(vapidPublicKey: string): Promise<PushSubscriptionInput> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new PushNotAvailable(
      permission === 'denied' ? 'Notifications are blocked for this site in your browser’s settings.' : 'Notifications were not allowed.',
    );
  const registration = await consoleWorker();
  if (!registration) throw new PushNotAvailable('This browser cannot receive push notifications here.');
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(vapidPublicKey) }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new PushNotAvailable('The browser gave an incomplete subscription.');
  return { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}

/** This browser's own subscription endpoint, to tell it apart in the list; null when it has none. */
export async function thisBrowserEndpoint(): Promise<string | null> {
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration(`${import.meta.env.BASE_URL}`) : undefined;
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

/** Ends this browser's subscription with the push service too (removing it on the server alone would leave it live here). */
export async function unsubscribeThisBrowser(): Promise<void> {
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration(`${import.meta.env.BASE_URL}`) : undefined;
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}
