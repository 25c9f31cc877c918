import { connect, type Socket } from 'node:net';

/** An answer read off a raw connection. */
export interface RawAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/**
 * One TCP connection written to by hand: headers and part of a body, or bytes trickled slowly,
 * to see what the server answers before the rest was sent, and whether it closes the connection.
 * `localAddress` (127.0.0.x) gives a test a client address of its own on loopback.
 */
export class RawConnection {
  private received = Buffer.alloc(0);
  private ended = false;
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    socket.on('close', () => {
      this.ended = true;
      this.wake();
    });
    // A server that closes while we still write resets the connection: that is what is tested, not a failure.
    socket.on('error', () => undefined);
  }

  static open(baseUrl: string, localAddress?: string): Promise<RawConnection> {
    const url = new URL(baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: url.hostname, port: Number(url.port), ...(localAddress ? { localAddress } : {}) });
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes unless the connection is gone; false once it is. */
  write(data: string | Buffer): boolean {
    if (this.ended || this.socket.destroyed || !this.socket.writable) return false;
    this.socket.write(data);
    return true;
  }

  /** Every byte the server sent so far. */
  get receivedBytes(): number {
    return this.received.length;
  }

  get closed(): boolean {
    return this.ended;
  }

  /** The first whole answer, or null when none came within `timeoutMs`. */
  async answer(timeoutMs: number): Promise<RawAnswer | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = parseAnswer(this.received);
      if (parsed) return parsed;
      if (this.ended || Date.now() >= deadline) return null;
      await this.change(deadline - Date.now());
    }
  }

  /** Whether the server closed the connection within `timeoutMs`. */
  async closedWithin(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended && Date.now() < deadline) await this.change(deadline - Date.now());
    return this.ended;
  }

  destroy(): void {
    this.socket.destroy();
  }

  private change(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, timeoutMs));
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.add(() => done());
    });
  }

  private wake(): void {
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiting) wake();
  }
}

/** A request's head as a client would write it (HTTP/1.1, Host set, CRLF line ends). */
export function requestHead(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function parseAnswer(bytes: Buffer): RawAnswer | null {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const body = bytes.subarray(end + 4);
  if (body.length < length) return null;
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.subarray(0, length).toString('utf8') };
}
