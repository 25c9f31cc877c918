import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeNow } from '@eh/platform/testing';

// http_ece ships no types: the one function used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as { decrypt(body: Buffer, options: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer };

/** A browser's side of a subscription: the keys it would hand over, and the private half to read pushes with. */
export interface BrowserKeys {
  ecdh: ECDH;
  authSecret: Buffer;
  json: { p256dh: string; auth: string };
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { ecdh, authSecret, json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } };
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>;
  receivedAt: number;
}

/**
 * A push service on loopback, as a browser vendor runs one: takes the POST of an encrypted push
 * and decrypts it with the subscription's private key and auth secret (RFC 8291, aes128gcm), so
 * a test reads what the service worker would. `answer` picks the status per endpoint path (201 by default).
 */
export class LocalPushService {
  readonly received: ReceivedPush[] = [];
  readonly keys = new Map<string, BrowserKeys>();
  answer: (path: string) => number = () => 201;
  private server!: Server;
  private port = 0;

  /** A new subscription's endpoint and keys on this service. */
  subscribe(name: string): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } } {
    const keys = browserKeys();
    const path = `/push/${name}`;
    this.keys.set(path, keys);
    return { endpoint: `http://127.0.0.1:${this.port}${path}`, expirationTime: null, keys: keys.json };
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        const status = this.answer(path);
        const keys = this.keys.get(path);
        if (status >= 200 && status < 300 && keys) {
          const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.authSecret });
          this.received.push({
            path,
            headers: request.headers,
            payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
            receivedAt: Date.now(),
          });
        }
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  stop(): Promise<void> {
    return closeNow(this.server);
  }
}
