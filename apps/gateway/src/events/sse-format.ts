/**
 * Server-sent events framing (WHATWG HTML "Server-sent events"): `event:` names the type, `data:`
 * carries one line of JSON (JSON.stringify never emits a raw newline), a blank line ends the
 * message; a line starting with `:` is a comment browsers ignore, which keeps idle proxies open.
 */
export function sseMessage(event: string, data: unknown): string {
  if (/[\r\n]/.test(event)) throw new Error(`an SSE event name cannot hold a line break: ${JSON.stringify(event)}`);
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * One event object goes to every stream of its workspace (up to the workspace's stream bound):
 * its JSON is written once and reused, not once per stream. The hub hands every stream the same
 * object, which nobody changes after it is rendered.
 */
const serialised = new WeakMap<object, string>();

function jsonOf(data: unknown): string {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data);
  let json = serialised.get(data);
  if (json === undefined) {
    json = JSON.stringify(data);
    serialised.set(data, json);
  }
  return json;
}

/** An SSE message with its id (what `Last-Event-ID` sends back on a reconnect). */
export function sseEvent(id: string, event: string, data: unknown): string {
  if (/[\r\n]/.test(id + event)) throw new Error('an SSE id or event name cannot hold a line break');
  return `id: ${id}\nevent: ${event}\ndata: ${jsonOf(data)}\n\n`;
}

export const sseComment = (text: string): string => `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`;

/** How long a browser waits before reconnecting a dropped stream (ms). */
export const sseRetry = (ms: number): string => `retry: ${Math.max(0, Math.floor(ms))}\n\n`;
