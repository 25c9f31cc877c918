/**
 * Verifying a webhook of the Expert Handoff Service, for partners' receivers. No dependencies besides node:crypto, so it can be copied as is.
 *
 *   Service-Signature: t=<unix_seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw_body>">[,v1=<hex>…]
 *
 * Several v1 entries appear while a secret is being rotated (one per active secret); any one
 * matching any of your secrets is enough.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface VerifyWebhookInput {
  /** The raw request body, exactly as received: re-serialised JSON will not match. */
  payload: string | Uint8Array;
  /** The Service-Signature header value. */
  header: string | null | undefined;
  /** Your endpoint's secrets (the new and the old one while rotating). */
  secrets: readonly string[];
  toleranceSeconds?: number;
  /** Current time in Unix seconds; injectable for tests. Defaults to the system clock. */
  now?: number;
}

export type VerifyFailure = 'missing_header' | 'malformed_header' | 'timestamp_out_of_tolerance' | 'no_matching_signature';

export type VerifyWebhookResult = { valid: true; timestamp: number } | { valid: false; reason: VerifyFailure };

/** Hex HMAC-SHA256 of `<t>.<payload>`: the v1 scheme. */
export function computeSignature(secret: string, timestamp: number, payload: string | Uint8Array): string {
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : Buffer.from(payload);
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

interface ParsedHeader {
  timestamp: number;
  signatures: string[];
}

/** Unknown schemes (a future `v2=`) are ignored, so receivers keep working when one is added. */
export function parseSignatureHeader(header: string): ParsedHeader | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator <= 0) return null;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value) || timestamp !== null) return null;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (/^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
    }
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

export function verifyWebhook(input: VerifyWebhookInput): VerifyWebhookResult {
  if (!input.header) return { valid: false, reason: 'missing_header' };
  const parsed = parseSignatureHeader(input.header);
  if (!parsed) return { valid: false, reason: 'malformed_header' };
  const now = input.now ?? Math.floor(Date.now() / 1000);
  // Both directions: a replayed old delivery and a clock far ahead are refused alike.
  if (Math.abs(now - parsed.timestamp) > (input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) {
    return { valid: false, reason: 'timestamp_out_of_tolerance' };
  }
  let matched = false;
  // Every pair is compared, in constant time each, so timing tells nothing about which matched.
  for (const secret of input.secrets) {
    const expected = Buffer.from(computeSignature(secret, parsed.timestamp, input.payload), 'hex');
    for (const signature of parsed.signatures) {
      if (timingSafeEqual(expected, Buffer.from(signature, 'hex'))) matched = true;
    }
  }
  return matched ? { valid: true, timestamp: parsed.timestamp } : { valid: false, reason: 'no_matching_signature' };
}
