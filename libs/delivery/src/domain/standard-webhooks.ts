import { createHmac } from 'node:crypto';
import type { SignatureScheme } from '@eh/contracts';

/**
 * Standard Webhooks signing (the scheme Svix and the libraries of every language verify): the
 * key is the secret's bytes, the signed content `<webhook-id>.<webhook-timestamp>.<body>`, the
 * signature `v1,<base64 of HMAC-SHA256>`, one per active secret, separated by spaces.
 *
 * Our secrets are `whsec_` and 32 random bytes in base64url; the same bytes shown in standard
 * base64 (`whsec_…=`) are the form Standard Webhooks libraries read, so one stored secret serves
 * both schemes and an endpoint can switch between them without a new secret.
 */
const PREFIX = 'whsec_';

/** The secret's key bytes: what follows `whsec_`, decoded (base64url and base64 decode alike). */
export function secretKeyBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64url');
}

/** The secret as the endpoint's scheme shows it: unchanged for `service`, `whsec_<base64>` for `standard`. */
export function secretShownAs(secret: string, scheme: SignatureScheme): string {
  return scheme === 'standard' ? `${PREFIX}${secretKeyBytes(secret).toString('base64')}` : secret;
}

export function standardSignature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKeyBytes(secret)).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers; `webhook-id` is the delivery id, the same on every attempt, resend and replay. */
export function standardWebhookHeaders(input: {
  deliveryId: string;
  body: string;
  timestampSeconds: number;
  secrets: readonly string[];
}): Record<string, string> {
  if (input.secrets.length === 0) throw new Error('standardWebhookHeaders: at least one secret is needed');
  return {
    'content-type': 'application/json',
    'webhook-id': input.deliveryId,
    'webhook-timestamp': String(input.timestampSeconds),
    'webhook-signature': input.secrets.map((secret) => standardSignature(secret, input.deliveryId, input.timestampSeconds, input.body)).join(' '),
  };
}
