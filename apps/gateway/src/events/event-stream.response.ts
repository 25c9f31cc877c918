import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionStore } from '@eh/identity';
import { sseComment, sseRetry } from './sse-format';
import type { StreamSlot } from './stream-slots';
import { turnBatchedWrites } from './turn-batched-writes';

/** A client that reads slower than events arrive is dropped past this; it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface OpenEventStream {
  write(chunk: string): void;
  close(): void;
  /** Runs `listener` when the stream ends, or at once if it has ended already. */
  onClose(listener: () => void): void;
  /** Writes `: connected`: call it once events published from now on will reach the stream. */
  announce(): void;
  readonly sessionTokenSha256: string | null;
  /** False once the stream ended (the client went away, or it was closed here). */
  readonly isOpen: boolean;
}

/**
 * Every server-sent event stream (the partners', the expert console's, A2A's):
 * `retry: 3000`, `: connected`, `: keepalive` every period, which also renews the stream's slot; a
 * cookie stream re-reads its session at each keepalive and ends when it was signed out or revoked.
 * The slot is given back when the stream ends.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { keepaliveMs: number; sessions: SessionStore; slot: StreamSlot },
): OpenEventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    // Proxies (nginx) must pass each message at once instead of buffering the response.
    'X-Accel-Buffering': 'no',
    'Request-Id': String(request.id),
  });
  // A member's session (partner routes) or an expert's (the expert API); null for a bearer key.
  const sessionTokenSha256 = (request.personAuth ?? request.consoleAuth)?.session.tokenSha256 ?? null;
  const listeners: (() => void)[] = [];
  let open = true;
  const turn = turnBatchedWrites(raw);
  const write = (chunk: string): void => {
    if (!open) return;
    turn.write(chunk);
    if (raw.writableLength > MAX_BUFFERED_BYTES) close();
  };
  const keepalive = setInterval(() => {
    write(sseComment('keepalive'));
    options.slot.refresh();
    if (sessionTokenSha256 === null) return;
    options.sessions.isLive(sessionTokenSha256, new Date()).then(
      (live) => (live ? undefined : close()),
      () => undefined,
    );
  }, options.keepaliveMs);
  const close = (): void => {
    if (!open) return;
    open = false;
    clearInterval(keepalive);
    options.slot.release();
    for (const listener of listeners) listener();
    // What this turn wrote goes out before the end.
    turn.flush();
    raw.end();
  };
  raw.on('close', close);
  write(sseRetry(3000));
  // A client gone while the route was still reading (before the listener above) sends no 'close' again.
  if (raw.destroyed || request.raw.socket?.destroyed) close();
  return {
    write,
    close,
    onClose: (listener) => (open ? void listeners.push(listener) : listener()),
    announce: () => write(sseComment('connected')),
    sessionTokenSha256,
    get isOpen() {
      return open;
    },
  };
}
