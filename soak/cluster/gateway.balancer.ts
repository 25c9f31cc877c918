/**
 * The local cluster's gateway balancer (deploy/local/cluster.sh): one address on 127.0.0.1 in
 * front of the gateway replicas, round-robin, as the k8s Service is in front of the pods.
 * A replica that refuses the connection (killed, restarting) is skipped and the request goes
 * to the next: nothing reached it, so nothing can be done twice. Any other failure after the
 * request was sent answers 502: the outcome is unknown, and the caller retries (with its
 * Idempotency-Key). No keep-alive towards the replicas, so a reused socket to a dead replica
 * can never make a sent request look refused.
 *
 *   BALANCER_PORT=3300 BALANCER_UPSTREAMS=127.0.0.1:3301,127.0.0.1:3302 node gateway.balancer.js
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';

const port = Number(process.env.BALANCER_PORT);
const upstreams = (process.env.BALANCER_UPSTREAMS ?? '')
  .split(',')
  .map((entry) => entry.trim())
  .filter((entry) => entry.length > 0)
  .map((entry) => ({ host: entry.split(':')[0] ?? '127.0.0.1', port: Number(entry.split(':')[1]) }));
if (!Number.isInteger(port) || upstreams.length === 0) throw new Error('BALANCER_PORT and BALANCER_UPSTREAMS (host:port,…) are required');

let next = 0;

function badGateway(response: ServerResponse, message: string): void {
  if (response.headersSent) return void response.destroy();
  const body = JSON.stringify({ error: { type: 'api_error', code: 'bad_gateway', message } });
  response.writeHead(502, { 'content-type': 'application/json', 'retry-after': '1' }).end(body);
}

/** Tries the replicas in turn from `first`, skipping those that refuse the connection. */
function forward(incoming: IncomingMessage, body: Buffer, response: ServerResponse, first: number, tried = 0): void {
  if (tried === upstreams.length) {
    badGateway(response, 'no gateway replica accepted the connection');
    return;
  }
  const upstream = upstreams[(first + tried) % upstreams.length];
  const outgoing = httpRequest(
    { host: upstream.host, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers, agent: false },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    },
  );
  outgoing.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNREFUSED') return forward(incoming, body, response, first, tried + 1);
    badGateway(response, `the gateway replica failed: ${error.code ?? error.message}`);
  });
  // A client that gives up (timeout, abort) ends the upstream request too.
  response.on('close', () => {
    if (!response.writableFinished) outgoing.destroy();
  });
  outgoing.end(body);
}

const server = createServer((incoming, response) => {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => forward(incoming, Buffer.concat(chunks), response, next++ % upstreams.length));
  incoming.on('error', () => response.destroy());
});
server.keepAliveTimeout = 5_000;
server.listen(port, '127.0.0.1', () => process.stdout.write(`balancer on 127.0.0.1:${port} → ${upstreams.map((u) => `${u.host}:${u.port}`).join(', ')}\n`));
const close = (): void => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
