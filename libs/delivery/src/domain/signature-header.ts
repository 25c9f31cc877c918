/**
 * Headers of one attempt. The HMAC itself comes from the
 * partners' verification lib, so what we sign and what they verify cannot drift apart.
 */
import type { SignatureScheme } from '@eh/contracts';
import { computeSignature } from '@eh/webhook-signature';
import { standardWebhookHeaders } from './standard-webhooks';

/** `t=<unix>,v1=<hex>[,v1=<hex>…]`: one v1 per active secret, newest first (rotation overlap). */
export function signatureHeader(body: string, timestampSeconds: number, secrets: readonly string[]): string {
  if (secrets.length === 0) throw new Error('signatureHeader: at least one secret is needed');
  return [`t=${timestampSeconds}`, ...secrets.map((secret) => `v1=${computeSignature(secret, timestampSeconds, body)}`)].join(',');
}

export interface WebhookHeadersInput {
  deliveryId: string;
  eventType: string;
  body: string;
  timestampSeconds: number;
  secrets: readonly string[];
  /** The endpoint's choice; `service` for every other destination. */
  scheme?: SignatureScheme;
}

export function webhookHeaders(input: WebhookHeadersInput): Record<string, string> {
  if (input.scheme === 'standard') return standardWebhookHeaders(input);
  return {
    'content-type': 'application/json',
    'service-signature': signatureHeader(input.body, input.timestampSeconds, input.secrets),
    'service-event': input.eventType,
    'service-delivery': input.deliveryId,
    // The idempotency key is the delivery id: equal across every resend and replay.
    'service-idempotency-key': input.deliveryId,
  };
}
