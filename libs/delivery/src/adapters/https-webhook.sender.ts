import { performance } from 'node:perf_hooks';
import { Agent, type Dispatcher } from 'undici';
import type { WebhookSender } from '../application/attempt-delivery.handler';
import { checkUrlShape } from '../domain/destination-policy';
import type { AttemptResult } from '../domain/delivery-outcome';
import { guardedLookup } from './guarded-lookup';

const USER_AGENT = 'ExpertHandoff-Webhooks/0.1';

export interface SenderOptions {
  timeoutMs: number;
  allowPrivateUrls: boolean;
}

/**
 * POSTs one webhook through undici's dispatcher rather than fetch or node:http. Its connector
 * passes `lookup` to the socket, so the address check runs at connect time (guarded-lookup.ts);
 * it never follows a redirect, so a 3xx stays a failed attempt. Success is judged on
 * the status line, within the timeout; the response body is read and dropped.
 *
 * `dispatch` with a handler of our own makes no request object, no header validation
 * pass and no body stream per POST: less client CPU than node:http's (`npm run bench:webhook-sender`,
 * docs/decisions.md).
 */
export class HttpsWebhookSender implements WebhookSender {
  private readonly agent: Agent;

  constructor(private readonly options: SenderOptions) {
    this.agent = new Agent({
      connections: 256,
      // A receiver that stalls after its status line frees the connection within the same bound. The
      // status line's own bound is the attempt's timer (its error is the attempt's), not headersTimeout.
      bodyTimeout: options.timeoutMs,
      // Connecting is bounded by the attempt's timeout too, as with node:http (undici's own default is 10 s).
      connect: { timeout: options.timeoutMs, ...(options.allowPrivateUrls ? {} : { lookup: guardedLookup }) },
    });
  }

  send(request: { url: string; body: string; headers: Record<string, string> }): Promise<AttemptResult> {
    const started = performance.now();
    const shape = checkUrlShape(request.url, this.options.allowPrivateUrls);
    if (!shape.ok) return Promise.resolve({ status_code: null, latency_ms: 0, error: `refused: the URL ${shape.reason}` });
    const { origin, pathname, search } = shape.url;
    return new Promise((resolve) => {
      let settled = false;
      let controller: Dispatcher.DispatchController | undefined;
      const finish = (status: number | null, error: string | null): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status_code: status, latency_ms: Math.round(performance.now() - started), error });
      };
      // Made when it happens: an Error captures a stack, which every attempt would pay for.
      const timedOut = (): Error => new Error(`timeout after ${this.options.timeoutMs} ms`);
      // Armed first, so `finish` never meets an undeclared timer.
      const timer = setTimeout(() => {
        const timeout = timedOut();
        finish(null, timeout.message);
        controller?.abort(timeout);
      }, this.options.timeoutMs);
      this.agent.dispatch(
        {
          origin,
          path: `${pathname}${search}`,
          method: 'POST',
          headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)), 'user-agent': USER_AGENT },
          body: request.body,
        },
        {
          onRequestStart(requestController) {
            controller = requestController;
            // Timed out while the connection was still being made.
            if (settled) requestController.abort(timedOut());
          },
          onResponseStart(_controller, statusCode) {
            finish(statusCode, null);
          },
          onResponseData() {
            // Dropped: the status line decides the attempt; reading on frees the connection for the next.
          },
          onResponseEnd() {},
          onResponseError(_controller, error: NodeJS.ErrnoException) {
            finish(null, error.code ? `${error.code}: ${error.message}` : error.message);
          },
        },
      );
    });
  }

  close(): void {
    void this.agent.destroy().catch(() => undefined);
  }
}
