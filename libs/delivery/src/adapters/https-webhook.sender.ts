import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
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
 * POSTs one webhook with node:http(s) rather than fetch: its `lookup` hook lets the address
 * check run at connect time (see guarded-lookup.ts), and it never follows a redirect, so a
 * 3xx stays a failed attempt (issue 6). Success is judged on the status line, within the
 * timeout; the response body is read and dropped.
 */
export class HttpsWebhookSender implements WebhookSender {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 256 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 256 }),
  };

  constructor(private readonly options: SenderOptions) {}

  send(request: { url: string; body: string; headers: Record<string, string> }): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    const shape = checkUrlShape(request.url, this.options.allowPrivateUrls);
    if (!shape.ok) return Promise.resolve({ status_code: null, latency_ms: 0, error: `refused: the URL ${shape.reason}` });
    const protocol = shape.url.protocol === 'https:' ? 'https:' : 'http:';
    const transport = protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      let settled = false;
      const finish = (status: number | null, error: string | null): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status_code: status, latency_ms: elapsed(), error });
      };
      // Armed first, so `finish` never meets an undeclared timer.
      const timer = setTimeout(() => {
        finish(null, `timeout after ${this.options.timeoutMs} ms`);
        req.destroy();
      }, this.options.timeoutMs);
      const req = transport.request(
        shape.url,
        {
          method: 'POST',
          agent: this.agents[protocol],
          headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body), 'user-agent': USER_AGENT },
          lookup: this.options.allowPrivateUrls ? undefined : guardedLookup,
        },
        (response) => {
          response.resume();
          response.on('error', () => undefined);
          finish(response.statusCode ?? null, null);
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => finish(null, error.code ? `${error.code}: ${error.message}` : error.message));
      req.end(request.body);
    });
  }

  close(): void {
    for (const agent of Object.values(this.agents)) agent.destroy();
  }
}
