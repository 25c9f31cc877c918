import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { turnBatchedWrites } from './turn-batched-writes';

/** Counts the writes a socket hands to the system: `_write` one chunk a call, `_writev` several. */
function countSocketWrites(socket: Socket): { calls: () => number } {
  let calls = 0;
  const target = socket as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  for (const method of ['_write', '_writev'] as const) {
    const original = target[method].bind(socket);
    target[method] = (...args: unknown[]) => {
      calls++;
      return original(...args);
    };
  }
  return { calls: () => calls };
}

describe('turnBatchedWrites', () => {
  let server: Server;
  let response: ServerResponse;
  let received = '';
  let reader: IncomingMessage;

  beforeEach(async () => {
    received = '';
    const opened = new Promise<ServerResponse>((resolve) => {
      server = createServer((_request, res) => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write(': connected\n\n');
        resolve(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    reader = await new Promise<IncomingMessage>((resolve) => get({ host: '127.0.0.1', port, path: '/' }, resolve));
    reader.setEncoding('utf8');
    reader.on('data', (text: string) => (received += text));
    response = await opened;
  });

  afterEach(async () => {
    response.end();
    reader.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const turnEnds = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
  const until = async (check: () => boolean): Promise<void> => {
    for (let tries = 0; tries < 200 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it('sends what one turn wrote in one write to the socket, framed as one chunk the client reads whole', async () => {
    const socketWrites = countSocketWrites(response.socket as Socket);
    const writes = turnBatchedWrites(response);
    writes.write('event: a\ndata: 1\n\n');
    writes.write('event: b\ndata: 2\n\n');
    writes.write('event: c\ndata: 3\n\n');
    await turnEnds();
    expect(socketWrites.calls()).toBe(1);
    await until(() => received.includes('event: c'));
    expect(received).toBe(': connected\n\nevent: a\ndata: 1\n\nevent: b\ndata: 2\n\nevent: c\ndata: 3\n\n');
  });

  it('sends each turn on its own, and at once on flush', async () => {
    const socketWrites = countSocketWrites(response.socket as Socket);
    const writes = turnBatchedWrites(response);
    writes.write('event: a\ndata: 1\n\n');
    await turnEnds();
    writes.write('event: b\ndata: 2\n\n');
    writes.flush();
    expect(socketWrites.calls()).toBe(2);
    await turnEnds();
    expect(socketWrites.calls()).toBe(2);
    await until(() => received.includes('event: b'));
    expect(received).toBe(': connected\n\nevent: a\ndata: 1\n\nevent: b\ndata: 2\n\n');
  });
});
