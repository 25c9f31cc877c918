import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Answer with `Connection: close`: the request's body was not (all) read, and will not be. */
    closeAfterReply?: boolean;
  }
}

/**
 * A request refused before its body was read must not have the body read after all: Node would
 * read (and drop) the rest to reuse the connection. Answered with `Connection: close`, Node ends
 * the socket once the answer is out instead, and the client sees a whole answer, then the close.
 */
export function closeAfterReply(request: FastifyRequest, close = true): void {
  request.closeAfterReply = close;
}

/** The one `onSend` hook that turns the mark into the header, on errors and successes alike. */
export function registerCloseAfterReply(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply) => {
    if (request.closeAfterReply) void reply.header('Connection', 'close');
  });
}

/** The body's declared length; null when none is declared (chunked, or no body). */
export function declaredBodyLength(request: FastifyRequest): number | null {
  const raw = request.headers['content-length'];
  if (raw === undefined || raw === '') return null;
  const length = Number(raw);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

/** Whether a body follows the headers: a declared length above 0, or chunks. */
export function hasBody(request: FastifyRequest): boolean {
  const length = declaredBodyLength(request);
  return (length !== null && length > 0) || request.headers['transfer-encoding'] !== undefined;
}
