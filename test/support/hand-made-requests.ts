import http from 'node:http';
import net from 'node:net';
import type { ErrorBody } from './http';

/** Requests fetch cannot send, made by hand: through node:http, or as bytes on a socket. */

/** An answer to a request sent through node:http, its body an API error. */
export interface NodeHttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: ErrorBody;
}

/** Raw HTTP (node:http), for what fetch cannot send: repeated headers, a chosen source address. */
export function rawRequest(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string | Buffer; localAddress?: string } = {},
): Promise<NodeHttpAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: url.hostname, port: url.port, path, method: options.method ?? 'GET', headers: options.headers, localAddress: options.localAddress, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ErrorBody }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** Bytes on a socket, for requests Node's own client refuses to send (malformed HTTP). */
export function socketExchange(baseUrl: string, bytes: string): Promise<{ statusLine: string; headers: string; body: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(bytes));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body = ''] = received.split('\r\n\r\n');
      const [statusLine, ...headers] = head.split('\r\n');
      resolve({ statusLine, headers: headers.join('\n'), body });
    });
  });
}
