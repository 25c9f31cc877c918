import type { HttpClient } from './http';
import { sseFrames } from './sse-frames';
import type { ServiceEvent } from './types';

/** One event of a live stream, with the id to resume after (`lastEventId`) when the stream drops. */
export interface StreamedEvent {
  id: string | null;
  event: ServiceEvent;
}

export interface EventStreamOptions {
  /** Resume after this event (`Last-Event-ID`, an event's `sequence`); without it the stream replays from the start. */
  lastEventId?: string | null;
  /** Abort to close the stream. */
  signal?: AbortSignal;
}

/**
 * A deployment's live events (`GET /v1/deployments/:id/events/stream`). Resolves once the stream
 * is open, so a deployment that cannot be followed (`NotFoundError`, …) rejects here; the events
 * then arrive until the stream ends or `signal` aborts.
 */
export async function openDeploymentEventStream(http: HttpClient, id: string, options: EventStreamOptions = {}): Promise<AsyncGenerator<StreamedEvent>> {
  const body = await http.openStream(`/v1/deployments/${encodeURIComponent(id)}/events/stream`, options);
  return eventsOf(body);
}

async function* eventsOf(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamedEvent> {
  for await (const frame of sseFrames(body)) {
    // A frame with an id alone carries no event: the deployment stream never sends one.
    if (frame.data !== null) yield { id: frame.id, event: JSON.parse(frame.data) as ServiceEvent };
  }
}
