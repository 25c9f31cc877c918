import { createServer, type Server } from 'node:http';
import { lookup } from 'node:dns/promises';
import net, { type AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { guardedLookup } from './guarded-lookup';
import { HttpsWebhookSender } from './https-webhook.sender';

/** The sender against a real HTTP server on 127.0.0.1. */
describe('HttpsWebhookSender', () => {
  let server: Server;
  let base: string;
  const seen: { path: string; headers: Record<string, unknown>; body: string }[] = [];
  const sender = new HttpsWebhookSender({ timeoutMs: 300, allowPrivateUrls: true });
  const strict = new HttpsWebhookSender({ timeoutMs: 300, allowPrivateUrls: false });
  const post = (path: string, using = sender) => using.send({ url: `${base}${path}`, body: '{"a":1}', headers: { 'service-delivery': 'del_1' } });

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        seen.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
        if (path === '/slow') return void setTimeout(() => response.end('late'), 1000);
        if (path === '/moved') return void response.writeHead(301, { location: `${base}/target` }).end();
        response.writeHead(path === '/fail' ? 500 : 200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    sender.close();
    strict.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('POSTs the exact body with the given headers and reports the status and latency', async () => {
    expect(await post('/ok')).toEqual({ status_code: 200, latency_ms: expect.any(Number), error: null });
    const request = seen.find((entry) => entry.path === '/ok');
    expect(request).toMatchObject({ body: '{"a":1}', headers: { 'service-delivery': 'del_1', 'content-length': '7' } });
    expect(await post('/fail')).toMatchObject({ status_code: 500, error: null });
  });

  it('does not follow a redirect', async () => {
    expect(await post('/moved')).toMatchObject({ status_code: 301 });
    expect(seen.some((entry) => entry.path === '/target')).toBe(false);
  });

  it('gives up after the timeout with no status', async () => {
    const result = await post('/slow');
    expect(result).toEqual({ status_code: null, latency_ms: expect.any(Number), error: 'timeout after 300 ms' });
    expect(result.latency_ms).toBeGreaterThanOrEqual(290);
  });

  it('gives up on a receiver that answers its status line and then stalls, and frees the connection', async () => {
    const stalling = createServer((_request, response) => {
      response.writeHead(200);
      response.write('partial');
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    const closed = new Promise<number>((resolve) => stalling.once('connection', (socket) => socket.once('close', () => resolve(Date.now()))));
    try {
      const url = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}/`;
      const sentAt = Date.now();
      expect(await sender.send({ url, body: '{}', headers: {} })).toMatchObject({ status_code: 200, error: null });
      // The stalled body is dropped after the timeout (300 ms): the server sees its connection closed.
      expect((await closed) - sentAt).toBeGreaterThanOrEqual(250);
    } finally {
      stalling.closeAllConnections();
      await new Promise((resolve) => stalling.close(resolve));
    }
  });

  it('reports a refused connection as an error, not a throw', async () => {
    const result = await sender.send({ url: 'http://127.0.0.1:1/', body: '{}', headers: {} });
    expect(result).toMatchObject({ status_code: null, error: expect.stringMatching(/^ECONNREFUSED/) });
  });

  it('without the allowance, sends nothing to http, loopback literals or names resolving to loopback', async () => {
    const before = seen.length;
    expect(await post('/ok', strict)).toMatchObject({ status_code: null, error: 'refused: the URL must be an https URL' });
    expect(await strict.send({ url: `https://127.0.0.1:${new URL(base).port}/`, body: '{}', headers: {} })).toMatchObject({
      error: expect.stringContaining('127.0.0.1'),
    });
    expect(seen.length).toBe(before);
    // A name the URL check lets through (the machine's own, which /etc/hosts maps to loopback): refused by
    // the lookup the connector runs, on the address it would connect to.
    const name = hostname();
    expect((await lookup(name)).address).toMatch(/^127\./);
    expect(await strict.send({ url: `https://${name}:${new URL(base).port}/`, body: '{}', headers: {} })).toMatchObject({
      status_code: null,
      error: `EADDRBLOCKED: refused: ${name} resolves to a non-public address (127.0.0.1: loopback)`,
    });
    expect(seen.length).toBe(before);
    const looked = await new Promise<NodeJS.ErrnoException | null>((resolve) => guardedLookup('localhost', {}, (error) => resolve(error)));
    expect(looked?.code).toBe('EADDRBLOCKED');
  });

  it('without the allowance, refuses IPv4 hidden in IPv6 (IPv4-compatible, 6to4, NAT64) before opening any socket', async () => {
    // A TCP listener on the port: any connection at all (TLS or not) would be counted.
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    try {
      for (const host of ['[::127.0.0.1]', '[::7f00:1]', '[2002:7f00:1::]', '[64:ff9b::127.0.0.1]', '[::ffff:127.0.0.1]']) {
        const result = await strict.send({ url: `https://${host}:${port}/`, body: '{}', headers: {} });
        expect([host, result]).toEqual([
          host,
          {
            status_code: null,
            latency_ms: 0,
            error: expect.stringMatching(/^refused: the URL must not point to a non-public address .*127\.0\.0\.1 \(loopback\)/),
          },
        ]);
      }
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
