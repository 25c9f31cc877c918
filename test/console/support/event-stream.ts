import { waitUntil } from '@eh/platform/testing';

export interface StreamMessage {
  event: string | null;
  data: unknown;
  comment: string | null;
  receivedAt: number;
}

/** A server-sent event stream read with fetch, as a browser's EventSource would, kept in memory. */
export class EventStreamReader {
  readonly messages: StreamMessage[] = [];
  status = 0;
  contentType: string | null = null;
  ended = false;
  private readonly controller = new AbortController();
  private buffer = '';

  static async open(url: string, headers: Record<string, string>): Promise<EventStreamReader> {
    const reader = new EventStreamReader();
    const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: reader.controller.signal });
    reader.status = response.status;
    reader.contentType = response.headers.get('content-type');
    if (response.body) void reader.pump(response.body);
    else reader.ended = true;
    return reader;
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        this.buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          this.parse(this.buffer.slice(0, end));
          this.buffer = this.buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by close(), or the server ended the stream.
    }
    this.ended = true;
  }

  private parse(block: string): void {
    const message: StreamMessage = { event: null, data: null, comment: null, receivedAt: Date.now() };
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) message.comment = line.slice(1).trim();
      else if (line.startsWith('event: ')) message.event = line.slice('event: '.length);
      else if (line.startsWith('data: ')) message.data = JSON.parse(line.slice('data: '.length));
    }
    this.messages.push(message);
  }

  events(type: string): StreamMessage[] {
    return this.messages.filter((message) => message.event === type);
  }

  async next(type: string, matches: (data: Record<string, unknown>) => boolean, timeoutMs = 5000): Promise<StreamMessage> {
    return waitUntil(async () => this.events(type).find((message) => matches(message.data as Record<string, unknown>)), {
      timeoutMs,
      intervalMs: 10,
      description: `an ${type} event`,
    });
  }

  async untilEnded(timeoutMs: number): Promise<void> {
    await waitUntil(async () => (this.ended ? true : undefined), { timeoutMs, intervalMs: 20, description: 'the stream to end' });
  }

  close(): void {
    this.controller.abort();
  }
}

/** One block of a server-sent event stream, each field as sent (absent when the block has none). */
export interface RawFrame {
  id?: string;
  event?: string;
  data?: string;
}

/**
 * One request to an event stream, read to the end or until `until` holds of what arrived or the time
 * is up; `ended` tells a stream the server ended from one this stopped reading.
 */
export async function readRawFrames(url: string, headers: Record<string, string>, until: (frames: RawFrame[]) => boolean, timeoutMs: number) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const frames: RawFrame[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
        frames.push({ id: field('id'), event: field('event'), data: field('data') });
      }
      if (until(frames)) break;
    }
    ended = !controller.signal.aborted;
  } catch {
    // aborted: the caller checks what arrived
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return { status: response.status, headers: response.headers, frames, ended };
}
