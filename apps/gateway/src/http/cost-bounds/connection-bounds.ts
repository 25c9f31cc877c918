import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpServerConfig } from '@eh/platform';
import { rawErrorResponse, type EdgeAnswer } from '../reply-safety/framework-errors';

/**
 * Node's server options for the gateway: how long the headers and the whole request may take
 * to arrive (a slow sender is answered 408 and cut), and how often Node looks for such requests
 * (a quarter of the shorter bound, at most every second, so a bound is kept within 25 % or 1 s;
 * Node's own default looks every 30 s). Both bound only receiving the request: an event stream
 * answered for minutes is not cut. Fastify sets `requestTimeout` and `keepAliveTimeout` itself
 * from its own options (`fastifyTimeouts`), so they are passed there too.
 */
export function nodeServerOptions(config: HttpServerConfig): ServerOptions {
  const bounds = [config.headersTimeoutMs, config.requestTimeoutMs].filter((ms) => ms > 0);
  const checkEveryMs = bounds.length === 0 ? 30_000 : Math.max(50, Math.min(1000, Math.floor(Math.min(...bounds) / 4)));
  return {
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionsCheckingInterval: checkEveryMs,
  };
}

/** The timeouts as Fastify's options name them (it writes them onto Node's server after creating it). */
export function fastifyTimeouts(config: HttpServerConfig): { requestTimeout: number; keepAliveTimeout: number } {
  return { requestTimeout: config.requestTimeoutMs, keepAliveTimeout: config.keepAliveTimeoutMs };
}

/**
 * Caps what one stranger, and everybody together, can hold open: `maxConnections` in all (Node
 * closes connections past it as they arrive) and `maxConnectionsPerAddress` from one client
 * address, counted on the server's `connection` event. A connection past the per-address cap is
 * answered at once with a minimal 429 and closed. The address is the TCP peer, as for the
 * failed-authentication throttle (Fastify `trustProxy` is off): behind a proxy every client
 * shares the proxy's address, so there the proxy bounds each client and this cap is raised or 0.
 *
 * An address `blockedSeconds` names (blocked for failed authentications) is answered a minimal 429
 * at the connection for the rest of its block, before anything is read or parsed. The answer waits
 * `blockedHoldMs` with the socket unread: a client that reconnects the moment it is refused would
 * otherwise turn the block into a flood of accepts and closes, paid for by every tenant's requests
 * on this event loop, where held it costs one idle socket within its address's cap.
 */
export function boundConnections(
  server: Server,
  config: HttpServerConfig,
  publicBaseUrl: string,
  blockedSeconds: (address: string) => number | null = () => null,
): void {
  if (config.maxConnections > 0) server.maxConnections = config.maxConnections;
  const open = config.maxConnectionsPerAddress === 0 ? null : new OpenConnections(config.maxConnectionsPerAddress);
  /** True when the HTTP server may have the connection; otherwise it was refused, closed or held here. */
  const admit = (socket: Socket): boolean => {
    const address = clientAddress(socket.remoteAddress);
    if (address === null) return true;
    const blockedFor = blockedSeconds(address);
    if (open && !open.add(address)) {
      // Past the cap a blocked address has had its answers already: close without writing one.
      if (blockedFor === null) refuse(socket, publicBaseUrl, TOO_MANY, 1);
      else socket.destroy();
      return false;
    }
    if (open) socket.once('close', () => open.remove(address));
    if (blockedFor === null) return true;
    if (!open || config.blockedHoldMs === 0) refuse(socket, publicBaseUrl, BLOCKED, blockedFor);
    else
      holdThenRefuse(socket, config.blockedHoldMs, () =>
        refuse(socket, publicBaseUrl, BLOCKED, Math.max(1, blockedFor - Math.floor(config.blockedHoldMs / 1000))),
      );
    return false;
  };
  // Node's HTTP server starts parsing a connection in its own `connection` listener, and pausing the
  // socket afterwards does not stop that parser: a connection refused or held here must never reach it.
  const httpListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    if (admit(socket)) for (const listener of httpListeners) listener.call(server, socket);
  });
}

/** Reads nothing from `socket` for `holdMs`, then refuses it; a peer that leaves first costs nothing more. */
function holdThenRefuse(socket: Socket, holdMs: number, refuseNow: () => void): void {
  socket.pause();
  const timer = setTimeout(refuseNow, holdMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/** Open connections per address; an address with none is forgotten, so the map holds only the open ones. */
export class OpenConnections {
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly perAddress: number) {}

  /** Counts a new connection from `address`; false (not counted) when it already has `perAddress`. */
  add(address: string): boolean {
    const open = this.byAddress.get(address) ?? 0;
    if (open >= this.perAddress) return false;
    this.byAddress.set(address, open + 1);
    return true;
  }

  remove(address: string): void {
    const left = (this.byAddress.get(address) ?? 1) - 1;
    if (left <= 0) this.byAddress.delete(address);
    else this.byAddress.set(address, left);
  }

  openFrom(address: string): number {
    return this.byAddress.get(address) ?? 0;
  }
}

/** One client whether it reached us over IPv4 or as an IPv4-mapped IPv6 address. */
export function clientAddress(remoteAddress: string | undefined): string | null {
  if (!remoteAddress) return null;
  return remoteAddress.startsWith('::ffff:') && remoteAddress.includes('.') ? remoteAddress.slice('::ffff:'.length) : remoteAddress;
}

const TOO_MANY: EdgeAnswer = {
  status: 429,
  code: 'rate_limited',
  message: 'too many open connections from this address; close some, or retry after Retry-After seconds',
};
const BLOCKED: EdgeAnswer = {
  status: 429,
  code: 'rate_limited',
  message: 'too many failed authentications from this address in the last minute; retry after Retry-After seconds',
};

/** Written before anything was read from the socket, so no request is answered on it: the answer, then the close. */
function refuse(socket: Socket, publicBaseUrl: string, answer: EdgeAnswer, retryAfterSeconds: number): void {
  socket.end(rawErrorResponse(answer, publicBaseUrl, [`Retry-After: ${retryAfterSeconds}`]), () => socket.destroy());
  // A peer that never reads must not keep even this one.
  setTimeout(() => socket.destroy(), 1000).unref();
}
