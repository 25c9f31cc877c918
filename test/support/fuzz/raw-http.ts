import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Lower-case names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: Buffer;
}

export interface Exchange {
  response?: RawResponse;
  /** `timeout`, `ECONNREFUSED`, `ECONNRESET`, `closed without an answer`, `unparsable answer: …`. */
  error?: string;
  ms: number;
}

/**
 * One request over its own TCP connection, written byte for byte: duplicate and malformed
 * headers, invalid UTF-8, bodies that disagree with their Content-Length, anything a client
 * library would refuse to send. `halfClose` ends the sending side after the bytes (a request
 * that claims more than it sends would otherwise wait for the server's timeout).
 */
const SLICE = 64 * 1024;

export function exchange(host: string, port: number, chunks: Buffer[], options: { timeoutMs: number; halfClose: boolean }): Promise<Exchange> {
  const started = performance.now();
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    let size = 0;
    let settled = false;
    let writeError: string | undefined;
    const socket = connect({ host, port });
    socket.setNoDelay(true);
    const finish = (result: Omit<Exchange, 'ms'>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...result, ms: performance.now() - started });
    };
    const timer = setTimeout(() => finish(parseOrError(Buffer.concat(received), 'timeout')), options.timeoutMs);
    socket.on('connect', () => {
      void (async () => {
        // In slices, stopping at the first byte of an answer: a server that refuses a body before
        // reading it (413, 431) closes the connection, and writing on would lose its answer.
        for (const chunk of chunks) {
          for (let offset = 0; offset < chunk.length; offset += SLICE) {
            if (settled || received.length > 0 || socket.destroyed) return;
            if (!socket.write(chunk.subarray(offset, offset + SLICE))) await new Promise((resume) => socket.once('drain', resume).once('close', resume));
          }
        }
        if (options.halfClose && !socket.destroyed) socket.end();
      })();
    });
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      size += chunk.length;
      const complete = completeResponse(Buffer.concat(received, size));
      if (complete) finish({ response: complete });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!received.length && error.code === 'ECONNREFUSED') return finish({ error: 'ECONNREFUSED' });
      // A server that answers before reading the whole body (413, 431) may reset the connection under our writes.
      writeError = error.code ?? error.message;
    });
    socket.on('close', () => finish(parseOrError(Buffer.concat(received), writeError ?? 'closed without an answer')));
  });
}

function parseOrError(buffer: Buffer, error: string): Omit<Exchange, 'ms'> {
  if (buffer.length === 0) return { error };
  const response = parseResponse(buffer, true);
  return response ? { response } : { error: `unparsable answer after ${error}: ${JSON.stringify(buffer.subarray(0, 200).toString('latin1'))}` };
}

/** The response, once all of it has arrived (by Content-Length or chunked framing). */
function completeResponse(buffer: Buffer): RawResponse | null {
  return parseResponse(buffer, false);
}

function parseResponse(buffer: Buffer, atClose: boolean): RawResponse | null {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const lines = buffer.subarray(0, end).toString('latin1').split('\r\n');
  const match = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(lines[0]);
  if (!match) return null;
  const status = Number(match[1]);
  if (status === 100) return parseResponse(buffer.subarray(end + 4), atClose);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const rest = buffer.subarray(end + 4);
  // An event stream never ends: its head (and whatever came with it) is the answer.
  if (/^text\/event-stream/i.test(headers['content-type'] ?? '')) return { status, headers, body: rest };
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const body = dechunk(rest);
    if (body) return { status, headers, body };
    return atClose ? { status, headers, body: rest } : null;
  }
  const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  if (length !== undefined && rest.length >= length) return { status, headers, body: rest.subarray(0, length) };
  if (status === 204 || status === 304) return { status, headers, body: Buffer.alloc(0) };
  return atClose ? { status, headers, body: rest } : null;
}

function dechunk(buffer: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', offset);
    if (lineEnd < 0) return null;
    const size = parseInt(buffer.subarray(offset, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) return null;
    if (size === 0) return Buffer.concat(parts);
    const start = lineEnd + 2;
    if (buffer.length < start + size + 2) return null;
    parts.push(buffer.subarray(start, start + size));
    offset = start + size + 2;
  }
}
