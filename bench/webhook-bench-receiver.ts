import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeNow } from '@eh/platform/testing';

export interface FirstSeen {
  at: number;
  eventId: string;
  sequence: number;
  subject: string;
}

/**
 * How many subjects (deployments) had a later event arrive before an earlier one. `seen` is in
 * arrival order (a Map keeps insertion order), so equal milliseconds are no ambiguity.
 */
export function subjectsOutOfOrder(seen: Iterable<FirstSeen>): number {
  const lastSequence = new Map<string, number>();
  const outOfOrder = new Set<string>();
  for (const { subject, sequence } of seen) {
    if ((lastSequence.get(subject) ?? -Infinity) > sequence) outOfOrder.add(subject);
    lastSequence.set(subject, Math.max(sequence, lastSequence.get(subject) ?? -Infinity));
  }
  return outOfOrder.size;
}

/** A receiver that answers 200 at once and notes when each delivery (and its event) first arrived. */
export class BenchReceiver {
  /** Service-Delivery → first arrival (ms, wall clock), the event id, its `sequence` and what it is about (`data.object.id`), from the body. */
  readonly firstSeen = new Map<string, FirstSeen>();
  requests = 0;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<BenchReceiver> {
    const server = createServer({ keepAliveTimeout: 60_000 });
    const receiver = new BenchReceiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        receiver.requests += 1;
        const delivery = request.headers['service-delivery'];
        if (typeof delivery === 'string' && !receiver.firstSeen.has(delivery)) {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; sequence: number; data: { object: { id?: string } } };
          receiver.firstSeen.set(delivery, { at: Date.now(), eventId: body.id, sequence: body.sequence, subject: body.data.object.id ?? body.id });
        }
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  close(): Promise<void> {
    return closeNow(this.server);
  }
}
