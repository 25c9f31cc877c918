/*
 * The expert console's service worker (served at /console/sw.js, scope /console/). It does one
 * thing: turn a Web Push message into a notification, and answer a click on it. It caches
 * nothing: the console is always loaded from the gateway.
 *
 * The push payload (JSON): { kind: "offer" | "reply" | "cancelled", deployment_id, offer_number,
 * title, body, url (a path below the console's base), skills, credits_cap, expires_at, tag }.
 *
 * "Accept" on an offer's notification accepts it without opening the console first: the worker
 * reads the session's CSRF token from GET /console/api/v1/session (same origin, with the session
 * cookie, like the console itself does), then POSTs the accept with it. No open tab is needed.
 */
/* eslint-env serviceworker */
'use strict';

const BASE = new URL(self.registration.scope).pathname.replace(/\/$/, ''); // '/console'

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A path below the base from the payload; anything else (another origin, `//host`) is the offers page. */
function consolePath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/offers';
}

function readPayload(event) {
  try {
    const data = event.data ? event.data.json() : null;
    return data && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  // A push must show something (browsers revoke the permission of silent ones).
  const title = payload && typeof payload.title === 'string' ? payload.title : 'Expert console';
  const isOffer = payload && payload.kind === 'offer' && typeof payload.deployment_id === 'string';
  const options = {
    body: payload && typeof payload.body === 'string' ? payload.body : 'Something changed in your console.',
    tag: payload && typeof payload.tag === 'string' ? payload.tag : undefined,
    // A retried push with the same tag replaces the notification without ringing again.
    renotify: false,
    requireInteraction: Boolean(isOffer),
    timestamp: Date.now(),
    data: { kind: payload ? payload.kind : null, deploymentId: payload ? payload.deployment_id : null, path: consolePath(payload && payload.url) },
    actions: isOffer ? [{ action: 'accept', title: 'Accept' }] : [],
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Focuses a console tab and sends it to `path`, or opens one. */
async function openConsole(path) {
  const target = new URL(`${BASE}${path}`, self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((client) => new URL(client.url).pathname.startsWith(`${BASE}/`)) || tabs[0];
  if (tab) {
    const focused = await tab.focus();
    if (focused && 'navigate' in focused) return focused.navigate(target).catch(() => focused);
    return focused;
  }
  return self.clients.openWindow(target);
}

async function csrfToken() {
  const response = await fetch(`${BASE}/api/v1/session`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) return null;
  const session = await response.json();
  return typeof session.csrf_token === 'string' ? session.csrf_token : null;
}

/** The gateway's reason (`{error: {message}}`), for the notification that says why it did not work. */
async function reasonOf(response) {
  try {
    const body = await response.json();
    return body && body.error && typeof body.error.message === 'string' ? body.error.message : `status ${response.status}`;
  } catch {
    return `status ${response.status}`;
  }
}

async function acceptOffer(deploymentId) {
  const token = await csrfToken();
  if (!token) return { ok: false, reason: 'you are signed out of the console' };
  const response = await fetch(`/expert/v1/deployments/${encodeURIComponent(deploymentId)}/accept`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'x-csrf-token': token },
  });
  return response.ok ? { ok: true } : { ok: false, reason: await reasonOf(response) };
}

self.addEventListener('notificationclick', (event) => {
  const notification = event.notification;
  const data = notification.data || {};
  notification.close();
  if (event.action === 'accept' && typeof data.deploymentId === 'string') {
    event.waitUntil(
      acceptOffer(data.deploymentId).then(
        (result) => {
          if (result.ok) return openConsole(`/work/${encodeURIComponent(data.deploymentId)}`);
          // Taken by then, expired, or signed out: say so, and show the offers as they are now.
          return self.registration
            .showNotification('Offer not accepted', { body: `Not accepted: ${result.reason}.`, tag: `accept-failed:${data.deploymentId}` })
            .then(() => openConsole('/offers'));
        },
        () => openConsole('/offers'),
      ),
    );
    return;
  }
  event.waitUntil(openConsole(typeof data.path === 'string' ? data.path : '/offers'));
});
