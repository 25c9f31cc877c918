import type { ServerResponse } from 'node:http';

/** Writes to a streamed response that leave together once the event loop's turn ends. */
export interface TurnBatchedWrites {
  write(chunk: string): void;
  /** Sends what this turn wrote now (before the response ends). */
  flush(): void;
}

/**
 * What one turn of the event loop writes (a deployment's events arrive together) leaves as one
 * chunk in one write to the socket, not a system call each. Corking the response alone joins the
 * writes into one chunk, which it then sends in four writes to the socket (size, line end, data,
 * line end); the socket is corked while it does, so those four leave in one call too.
 */
export function turnBatchedWrites(response: ServerResponse): TurnBatchedWrites {
  let corked = false;
  const flush = (): void => {
    if (!corked) return;
    corked = false;
    const socket = response.socket;
    socket?.cork();
    response.uncork();
    socket?.uncork();
  };
  return {
    write: (chunk) => {
      if (!corked) {
        corked = true;
        response.cork();
        process.nextTick(flush);
      }
      response.write(chunk);
    },
    flush,
  };
}
