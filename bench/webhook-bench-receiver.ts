import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A receiver that answers 200 at once and notes when each delivery (and its event) first arrived. */
export class BenchReceiver {
  /** Service-Delivery → first arrival (ms, wall clock) and the event id from the body. */
  readonly firstSeen = new Map<string, { at: number; eventId: string }>();
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
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string };
          receiver.firstSeen.set(delivery, { at: Date.now(), eventId: body.id });
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
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
