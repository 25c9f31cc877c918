/**
 * One server-sent event as the gateway writes it: `id:`, `event:`, `data:` lines, then a blank
 * line. `data` is null for a frame with an id alone.
 */
export interface SseFrame {
  id: string | null;
  event: string;
  data: string | null;
}

/**
 * Splits a text/event-stream body into frames (the WHATWG rules the gateway's streams need:
 * comments and `retry:` ignored, several `data:` lines joined with newlines). Unlike a browser's
 * EventSource, a frame with an `id:` alone is yielded too: the workspace stream sends one where a
 * bounded replay stopped reading, and a reconnect must continue from it. Ends when the body ends;
 * the caller aborts the fetch to stop it earlier.
 */
export async function* sseFrames(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): AsyncGenerator<SseFrame> {
  const decoder = new TextDecoder();
  let buffer = '';
  let frame: SseFrame = { id: null, event: 'message', data: null };
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.search(/\r\n|\n|\r/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (frame.data !== null || frame.id !== null) yield frame;
        frame = { id: null, event: 'message', data: null };
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') frame.id = value;
      else if (field === 'event') frame.event = value;
      else if (field === 'data') frame.data = frame.data === null ? value : `${frame.data}\n${value}`;
    }
  }
}
