import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { isLocalhostAddress } from './localhost-guard';

export const MCP_PATH = '/mcp';
const MAX_BODY_BYTES = 1_048_576;
/** A session unused this long is closed: hosts that vanish without DELETE must not pile up. */
const SESSION_IDLE_MS = 30 * 60_000;

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  lastSeen: number;
}

export interface RunningHttpTransport {
  url: string;
  close(): Promise<void>;
}

/**
 * The second transport: Streamable HTTP on loopback at `/mcp`, stateful (the SDK's
 * session ids), one McpServer per session. Plain node:http rather than the SDK's Express helper,
 * so the only dependencies are the SDK's own transport classes. Host and Origin are checked
 * against localhost names, because the server holds a workspace key and has no auth of its own.
 */
export async function startStreamableHttp(createMcpServer: () => McpServer, host: string, port: number): Promise<RunningHttpTransport> {
  const sessions = new Map<string, Session>();

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== MCP_PATH) return void send(response, 404, 'Not found: the MCP endpoint is /mcp');
    if (!isLocalhostAddress(request.headers.host) || (request.headers.origin !== undefined && !isLocalhostAddress(request.headers.origin))) {
      // DNS rebinding: a web page must not reach this server through a name that resolves to loopback.
      return void send(response, 403, 'Forbidden: Host and Origin must name localhost');
    }
    const body = request.method === 'POST' ? await readJson(request) : undefined;
    if (body instanceof Error) return void send(response, body.message.startsWith('too large') ? 413 : 400, body.message, -32700);

    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (!session) return void send(response, 404, 'Session not found: initialize a new session', -32001);
      session.lastSeen = Date.now();
      return session.transport.handleRequest(request, response, body);
    }
    if (request.method !== 'POST' || !isInitializeRequest(body)) {
      return void send(response, 400, 'Bad Request: no Mcp-Session-Id; send initialize first');
    }
    const server = createMcpServer();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, { transport, server, lastSeen: Date.now() }),
    });
    // On DELETE, idle expiry or shutdown; the McpServer's own close handling runs after this.
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      process.stderr.write(`mcp http: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      if (!response.headersSent) send(response, 500, 'Internal server error', -32603);
    });
  });

  const sweep = setInterval(() => {
    const idleSince = Date.now() - SESSION_IDLE_MS;
    for (const session of sessions.values()) if (session.lastSeen < idleSince) void session.transport.close();
  }, 60_000);
  sweep.unref();

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => resolve());
  });
  const address = http.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}${MCP_PATH}`,
    async close() {
      clearInterval(sweep);
      await Promise.all([...sessions.values()].map((session) => session.transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** JSON-RPC error answers outside a session, in the shape the SDK's transport uses. */
function send(response: ServerResponse, status: number, message: string, code = -32000): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return new Error(`too large: bodies are limited to ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return new Error('Parse error: the body is not JSON');
  }
}
