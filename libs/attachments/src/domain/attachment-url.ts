/**
 * Signed URLs of uploaded attachments (outputs hand files over as signed URLs
 * that expire). `<base>/v1/attachments/<att_id>/content?expires=<unix>&signature=<hex>`, where the
 * signature is HMAC-SHA256 of `<att_id>.<expires>` with the shared secret: whoever holds the URL
 * may download until `expires`, and nothing in it can be changed without breaking the signature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const attachmentContentPath = (attachmentId: string): string => `/v1/attachments/${attachmentId}/content`;

export function attachmentSignature(secret: string, attachmentId: string, expires: number): string {
  return createHmac('sha256', secret).update(`${attachmentId}.${expires}`, 'utf8').digest('hex');
}

/** The URL signed with the first (current) secret, valid until `expires` (unix seconds). */
export function signedAttachmentUrl(input: { publicBaseUrl: string; secrets: readonly string[]; attachmentId: string; expires: number }): string {
  const signature = attachmentSignature(input.secrets[0], input.attachmentId, input.expires);
  return `${input.publicBaseUrl.replace(/\/+$/, '')}${attachmentContentPath(input.attachmentId)}?expires=${input.expires}&signature=${signature}`;
}

export type SignatureCheck = { valid: true } | { valid: false; reason: 'expired' | 'mismatch' };

const EXPIRES = /^\d{1,12}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;

/**
 * The signature is checked before the expiry, in constant time against each secret (the current
 * one and, during a rotation, the previous): an altered URL is a mismatch, a genuine old one has
 * expired. `expires` is compared as sent, so `0123` cannot stand in for `123`.
 */
export function checkAttachmentSignature(input: {
  secrets: readonly string[];
  attachmentId: string;
  expires: unknown;
  signature: unknown;
  nowSeconds: number;
}): SignatureCheck {
  const { expires, signature } = input;
  if (typeof expires !== 'string' || typeof signature !== 'string' || !EXPIRES.test(expires) || !SIGNATURE.test(signature))
    return { valid: false, reason: 'mismatch' };
  if (String(Number(expires)) !== expires) return { valid: false, reason: 'mismatch' };
  const presented = Buffer.from(signature, 'hex');
  const matches = input.secrets.some((secret) =>
    timingSafeEqual(Buffer.from(attachmentSignature(secret, input.attachmentId, Number(expires)), 'hex'), presented),
  );
  if (!matches) return { valid: false, reason: 'mismatch' };
  return Number(expires) > input.nowSeconds ? { valid: true } : { valid: false, reason: 'expired' };
}
