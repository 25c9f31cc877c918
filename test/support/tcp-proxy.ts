import net from 'node:net';

/** One client connection and its upstream, with what is held back while the proxy is paused. */
interface Pipe {
  client: net.Socket;
  upstream: net.Socket | undefined;
  /** Bytes (or an end, as null) that arrived while paused, in order, per direction. */
  toUpstream: (Buffer | null)[];
  toClient: (Buffer | null)[];
}

/**
 * A TCP proxy on 127.0.0.1 for fault tests: forwards to `target`, and can
 *  - pause: stall every connection, old and new, without closing any (bytes and closes are held,
 *    as a network that stopped delivering would hold them, and delivered in order on resume);
 *  - refuse: stop listening and reset every connection, so connects are refused;
 *  - forward again, on the same port.
 * Only loopback: it listens on 127.0.0.1 and connects to a loopback target.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly pipes = new Set<Pipe>();
  private paused = false;

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  /** Listening at once unless `listening: false` (then connects are refused until `forward()`). */
  static async start(target: { host: string; port: number }, port: number, options: { listening?: boolean } = {}): Promise<TcpProxy> {
    if (!/^127\./.test(target.host) && target.host !== 'localhost') throw new Error(`the proxy only targets loopback, not ${target.host}`);
    const proxy = new TcpProxy(port, target);
    if (options.listening !== false) await proxy.listen();
    return proxy;
  }

  /** Rewrites a postgres:// URL to go through this proxy. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  pause(): void {
    this.paused = true;
  }

  /** Delivers what was held, in order, then forwards as usual. */
  resume(): void {
    this.paused = false;
    for (const pipe of this.pipes) this.flush(pipe);
  }

  /** Refuses new connections and resets the open ones. */
  async refuse(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const pipe of this.pipes) {
      pipe.client.resetAndDestroy();
      pipe.upstream?.destroy();
    }
    this.pipes.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens again (after `refuse()`, or when started not listening) and forwards. */
  async forward(): Promise<void> {
    this.paused = false;
    if (!this.server) await this.listen();
  }

  close(): Promise<void> {
    return this.refuse();
  }

  private async listen(): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  private accept(client: net.Socket): void {
    const pipe: Pipe = { client, upstream: undefined, toUpstream: [], toClient: [] };
    this.pipes.add(pipe);
    client.on('error', () => undefined);
    client.on('data', (chunk) => this.send(pipe, 'toUpstream', chunk));
    // The client's close reaches the server after what it sent, and only once the stall ends.
    client.on('close', () => {
      if (pipe.upstream) this.send(pipe, 'toUpstream', null);
      this.forgetClosed(pipe);
    });
    // A connection made while paused reaches the server only on resume, as a SYN lost in the stall would.
    if (!this.paused) this.connectUpstream(pipe);
  }

  private connectUpstream(pipe: Pipe): void {
    const upstream = net.connect(this.target.port, this.target.host);
    pipe.upstream = upstream;
    upstream.on('error', () => undefined);
    upstream.on('data', (chunk) => this.send(pipe, 'toClient', chunk));
    upstream.on('close', () => {
      this.send(pipe, 'toClient', null);
      this.forgetClosed(pipe);
    });
    this.flush(pipe);
  }

  private forgetClosed(pipe: Pipe): void {
    if (pipe.client.destroyed && (pipe.upstream?.destroyed ?? true)) this.pipes.delete(pipe);
  }

  private send(pipe: Pipe, direction: 'toUpstream' | 'toClient', chunk: Buffer | null): void {
    pipe[direction].push(chunk);
    if (!this.paused) this.flush(pipe);
  }

  private flush(pipe: Pipe): void {
    if (!pipe.upstream) {
      if (!this.paused) this.connectUpstream(pipe);
      return;
    }
    deliver(pipe.toUpstream, pipe.upstream);
    deliver(pipe.toClient, pipe.client);
  }
}

function deliver(held: (Buffer | null)[], to: net.Socket): void {
  for (const chunk of held.splice(0)) {
    if (to.destroyed) return;
    if (chunk === null) to.end();
    else to.write(chunk);
  }
}
