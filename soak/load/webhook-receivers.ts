import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@eh/webhook-signature';
import { bodyOf, closeNow } from '@eh/platform/testing';

/**
 * How a partner's endpoint behaves:
 *  - `ok`: answers 2xx at once;
 *  - `flaky`: 500 one time in five, and one time in twenty answers 200 only after the sender's
 *    timeout (so the sender never sees that 2xx and sends again, under the same Service-Delivery);
 *  - `outage`: 503 while its workspace is in an outage the soak switches on and off, which
 *    dead-letters deliveries for the soak to replay.
 */
export type ReceiverBehavior = 'ok' | 'flaky' | 'outage';

/** One request as the receiver saw it, and what it answered. */
export interface ReceivedRequest {
  path: string;
  workspace: string;
  deliveryId: string;
  eventId: string;
  eventType: string;
  /** The body's `sequence`: the event's revision in its deployment's stream. */
  sequence: number | null;
  signatureValid: boolean;
  status: number;
  /** The answer was written before the connection closed (false: the sender had given up). */
  answered: boolean;
  at: number;
}

export class WebhookReceivers {
  readonly received: ReceivedRequest[] = [];
  private readonly secrets = new Map<string, string[]>();
  private readonly outages = new Set<string>();

  private constructor(
    private readonly server: Server,
    private readonly senderTimeoutMs: number,
  ) {}

  static async start(senderTimeoutMs: number): Promise<WebhookReceivers> {
    const server = createServer({ keepAliveTimeout: 5_000 });
    const receivers = new WebhookReceivers(server, senderTimeoutMs);
    server.on('request', (request, response) => void receivers.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receivers;
  }

  /** `/hooks/<behavior>/<workspace>`: the workspace's endpoint (or a deployment's webhook_url). */
  url(behavior: ReceiverBehavior, workspace: string, kind: 'endpoint' | 'override' = 'endpoint'): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/${behavior}/${workspace}/${kind}`;
  }

  /** The signing secret of a workspace's endpoint, to verify what arrives for it. */
  trust(workspace: string, secret: string): void {
    this.secrets.set(workspace, [...(this.secrets.get(workspace) ?? []), secret]);
  }

  setOutage(workspace: string, on: boolean): void {
    if (on) this.outages.add(workspace);
    else this.outages.delete(workspace);
  }

  close(): Promise<void> {
    return closeNow(this.server);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await bodyOf(request);
    const path = (request.url ?? '/').split('?')[0];
    const [, , behavior = 'ok', workspace = ''] = path.split('/');
    let eventId = '';
    let sequence: number | null = null;
    try {
      const body = JSON.parse(raw.toString('utf8')) as { id?: unknown; sequence?: unknown };
      eventId = String(body.id ?? '');
      sequence = typeof body.sequence === 'number' ? body.sequence : null;
    } catch {
      eventId = '';
    }
    const header = (name: string): string => String(request.headers[name] ?? '');
    const check = verifyWebhook({ payload: raw, header: header('service-signature'), secrets: this.secrets.get(workspace) ?? [] });
    const answer = this.answer(behavior as ReceiverBehavior, workspace);
    const entry: ReceivedRequest = {
      path,
      workspace,
      deliveryId: header('service-delivery'),
      eventId,
      eventType: header('service-event'),
      sequence,
      signatureValid: check.valid,
      status: answer.status,
      answered: false,
      at: Date.now(),
    };
    this.received.push(entry);
    if (answer.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (response.destroyed || request.socket.destroyed) return;
    response.on('finish', () => {
      entry.answered = true;
    });
    response.writeHead(answer.status, { 'content-type': 'text/plain' }).end('ok');
  }

  private answer(behavior: ReceiverBehavior, workspace: string): { status: number; delayMs: number } {
    const roll = Math.random();
    switch (behavior) {
      case 'flaky':
        if (roll < 0.2) return { status: 500, delayMs: 0 };
        if (roll < 0.25) return { status: 200, delayMs: this.senderTimeoutMs + 1_500 };
        return { status: 200, delayMs: 0 };
      case 'outage':
        return this.outages.has(workspace) ? { status: 503, delayMs: 0 } : { status: 204, delayMs: 0 };
      default:
        return { status: roll < 0.5 ? 200 : 202, delayMs: 0 };
    }
  }
}
