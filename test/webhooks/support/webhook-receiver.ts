import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bodyOf, closeNow, waitUntil } from '@eh/platform/testing';

export interface ReceivedWebhook {
  path: string;
  deliveryId: string;
  idempotencyKey: string;
  event: string;
  signature: string;
  body: string;
  receivedAt: number;
  /** Every header as received (Standard Webhooks endpoints are told apart by theirs). */
  headers: Record<string, string>;
}

/** What a path answers: a status, after an optional delay; `hit` counts this delivery id's requests (1-based). */
export type Behavior = (hit: number, webhook: ReceivedWebhook) => { status: number; delayMs?: number; headers?: Record<string, string> };

const ok: Behavior = () => ({ status: 200 });

/**
 * A partner's receiver on 127.0.0.1, in the test's own process: records every request and
 * dedupes on Service-Delivery the way the README tells partners to. Its URLs start with a prefix
 * of its own, and it answers 410 to any other, recording nothing: on a stack shared between test
 * files, an earlier file's endpoint may still post to a port this receiver now has.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Service-Delivery ids processed once each (a receiver's dedupe table). */
  readonly processed = new Map<string, ReceivedWebhook>();
  private readonly behaviors = new Map<string, Behavior>();
  private readonly hits = new Map<string, number>();

  private readonly prefix = `/receiver-${randomBytes(6).toString('hex')}`;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server);
    server.on('request', (request, response) => void receiver.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${this.prefix}${path}`;
  }

  behave(path: string, behavior: Behavior): void {
    this.behaviors.set(path, behavior);
  }

  at(path: string): ReceivedWebhook[] {
    return this.received.filter((webhook) => webhook.path === path);
  }

  /** Waits until `count` distinct deliveries reached `path`; returns them in arrival order. */
  async waitForDeliveries(path: string, count: number, timeoutMs = 15_000): Promise<ReceivedWebhook[]> {
    return waitUntil(
      () => {
        const unique = [...new Map(this.at(path).map((webhook) => [webhook.deliveryId, webhook])).values()];
        return unique.length >= count ? unique : undefined;
      },
      { timeoutMs, description: `${count} deliveries at ${path} (have ${new Set(this.at(path).map((w) => w.deliveryId)).size})` },
    );
  }

  close(): Promise<void> {
    return closeNow(this.server);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await bodyOf(request);
    const header = (name: string): string => String(request.headers[name] ?? '');
    const fullPath = (request.url ?? '/').split('?')[0];
    if (!fullPath.startsWith(`${this.prefix}/`)) {
      response.writeHead(410, { 'content-type': 'text/plain' });
      response.end('not this receiver');
      return;
    }
    const path = fullPath.slice(this.prefix.length);
    const webhook: ReceivedWebhook = {
      path,
      // A Standard Webhooks delivery names itself in webhook-id.
      deliveryId: header('service-delivery') || header('webhook-id'),
      idempotencyKey: header('service-idempotency-key'),
      event: header('service-event'),
      signature: header('service-signature'),
      body: raw.toString('utf8'),
      receivedAt: Date.now(),
      headers: Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value ?? '')]),
      ),
    };
    this.received.push(webhook);
    const hit = (this.hits.get(webhook.deliveryId) ?? 0) + 1;
    this.hits.set(webhook.deliveryId, hit);
    const answer = (this.behaviors.get(path) ?? ok)(hit, webhook);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (answer.status >= 200 && answer.status < 300 && !this.processed.has(webhook.deliveryId)) this.processed.set(webhook.deliveryId, webhook);
    if (response.destroyed) return;
    response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
    response.end('ok');
  }
}
