import { verifyWebhook, type VerifyWebhookInput, type VerifyWebhookResult } from '@eh/webhook-signature';
import { WebhookSignatureError } from './errors';
import type { ServiceEvent } from './types';

/** Signed deliveries: `Service-Signature: t=<unix>,v1=<hex>` over `<t>.<raw body>`. */
export class Webhooks {
  /** Checks a delivery's signature against your secrets (both while one rotates); 300 s tolerance. Never throws. */
  verify(input: VerifyWebhookInput): VerifyWebhookResult {
    return verifyWebhook(input);
  }

  /**
   * The delivery's event, typed by `type`, once its signature verifies; else throws
   * `WebhookSignatureError` whose `code` says why. Pass the raw body, exactly as received.
   */
  constructEvent(input: VerifyWebhookInput): ServiceEvent {
    const check = verifyWebhook(input);
    if (!check.valid) {
      throw new WebhookSignatureError({
        status: null,
        code: check.reason,
        message: `webhook signature check failed: ${check.reason}`,
        type: 'signature_error',
        param: 'Service-Signature',
        requestId: null,
        docsUrl: null,
        retryAfterSeconds: null,
      });
    }
    const text = typeof input.payload === 'string' ? input.payload : new TextDecoder().decode(input.payload);
    return JSON.parse(text) as ServiceEvent;
  }
}
