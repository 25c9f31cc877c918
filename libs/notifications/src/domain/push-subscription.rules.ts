import { DomainError } from '@eh/contracts';

/** A browser's `PushSubscription.toJSON()`, as checked. */
export interface PushSubscriptionInput {
  endpoint: string;
  expirationTime: number | null;
  keys: { p256dh: string; auth: string };
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const bad = (param: string, message: string): DomainError => new DomainError('invalid_request', message, param);

function decodedLength(value: string): number {
  return Buffer.from(value.replace(/=+$/, ''), 'base64url').length;
}

/**
 * Checks the body of `POST /expert/v1/push-subscriptions`, naming the bad field. `p256dh` is an
 * uncompressed P-256 point (65 bytes), `auth` the 16-byte secret (RFC 8291); anything else could
 * not be encrypted to. `endpointProblem` says what is wrong with the URL (scheme, address), or null.
 */
export function parsePushSubscription(body: unknown, endpointProblem: (url: string) => string | null): PushSubscriptionInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw bad('body', 'the request body must be a JSON object: the browser’s PushSubscription.toJSON()');
  const input = body as Record<string, unknown>;
  const unknown = Object.keys(input).find((key) => !['endpoint', 'expirationTime', 'keys'].includes(key));
  if (unknown !== undefined) throw bad(unknown, `${unknown} is not a field of a push subscription`);
  if (typeof input.endpoint !== 'string' || input.endpoint.length === 0 || input.endpoint.length > 2048)
    throw bad('endpoint', 'endpoint must be the push service URL (at most 2048 characters)');
  const problem = endpointProblem(input.endpoint);
  if (problem !== null) throw bad('endpoint', `endpoint ${problem}`);
  const expirationTime = input.expirationTime ?? null;
  if (expirationTime !== null && (typeof expirationTime !== 'number' || !Number.isFinite(expirationTime) || expirationTime < 0))
    throw bad('expirationTime', 'expirationTime must be null or a time in milliseconds');
  const keys = input.keys;
  if (typeof keys !== 'object' || keys === null || Array.isArray(keys)) throw bad('keys', 'keys must be an object with p256dh and auth');
  const { p256dh, auth } = keys as Record<string, unknown>;
  if (typeof p256dh !== 'string' || !BASE64URL.test(p256dh) || decodedLength(p256dh) !== 65)
    throw bad('keys.p256dh', 'keys.p256dh must be the base64url of an uncompressed P-256 public key (65 bytes)');
  if (typeof auth !== 'string' || !BASE64URL.test(auth) || decodedLength(auth) !== 16)
    throw bad('keys.auth', 'keys.auth must be the base64url of a 16-byte secret');
  return { endpoint: input.endpoint, expirationTime, keys: { p256dh, auth } };
}

/** `PATCH /expert/v1/notification-settings`: any of the three booleans. */
export interface SettingsChange {
  email_enabled?: boolean;
  push_enabled?: boolean;
  sound?: boolean;
}

export function parseSettingsChange(body: unknown): SettingsChange {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw bad('body', 'the request body must be a JSON object');
  const input = body as Record<string, unknown>;
  const change: SettingsChange = {};
  for (const [key, value] of Object.entries(input)) {
    if (key !== 'email_enabled' && key !== 'push_enabled' && key !== 'sound')
      throw bad(key, `${key} is not a notification setting (email_enabled, push_enabled, sound)`);
    if (typeof value !== 'boolean') throw bad(key, `${key} must be true or false`);
    change[key] = value;
  }
  return change;
}
