import type { IncomingMessage, Server } from 'node:http';

/** A request's whole body, as the stand-in receivers of tests, soak and bench read it. */
export async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Stops a stand-in server at once: kept-alive connections are dropped rather than waited for. */
export function closeNow(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
