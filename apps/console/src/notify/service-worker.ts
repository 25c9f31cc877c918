/**
 * The console's service worker (public/sw.js, served at /console/sw.js): registered once an expert
 * is signed in, scoped to the console's base, so push notifications reach this browser and a
 * notification can be shown while the tab is in the background.
 */
const BASE = import.meta.env.BASE_URL.replace(/\/$/, ''); // '/console'

export const pushSupported = (): boolean => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

let registering: Promise<ServiceWorkerRegistration | null> | undefined;

/** The worker's registration, or null where the browser has none (no service workers, an insecure origin). */
export function consoleWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(null);
  registering ??= navigator.serviceWorker.register(`${BASE}/sw.js`, { scope: `${BASE}/` }).then(
    () => navigator.serviceWorker.ready,
    () => null,
  );
  return registering;
}
