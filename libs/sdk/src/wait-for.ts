import { ExpertHandoffError, errorFromResponse } from './errors';
import { sleep, type HttpClient } from './http';
import { sseFrames } from './sse-frames';
import type { Deployment, DeploymentStatus } from './types';

export interface WaitForOptions {
  /** The states to wait for; default `['needs_input', 'completed']`. A final state always ends the wait. */
  until?: readonly DeploymentStatus[];
  /** Abort to stop waiting (e.g. `AbortSignal.timeout(ms)`): the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

const FINAL: ReadonlySet<DeploymentStatus> = new Set(['completed', 'cancelled', 'expired']);
/** The API asks clients to poll a deployment at most once every 5 s. */
export const MIN_POLL_INTERVAL_MS = 5_000;

/**
 * Resolves with the deployment once it is in one of `until` (or in a final state, after which
 * nothing changes). Follows the deployment's live event stream (`GET /v1/deployments/:id/events/stream`,
 * resuming with `Last-Event-ID`); while the stream is down it polls instead, never more often than
 * every 5 s, and goes back to the stream as soon as it opens again.
 */
export async function waitForDeployment(http: HttpClient, id: string, options: WaitForOptions = {}): Promise<Deployment> {
  const until = new Set<DeploymentStatus>(options.until ?? ['needs_input', 'completed']);
  const reached = (deployment: Deployment): boolean => until.has(deployment.status) || FINAL.has(deployment.status);
  let lastRead = 0;
  const read = async (): Promise<Deployment> => {
    await sleep(Math.max(0, lastRead + MIN_POLL_INTERVAL_MS - Date.now()), options.signal);
    lastRead = Date.now();
    return http.request<Deployment>({ method: 'GET', path: `/v1/deployments/${encodeURIComponent(id)}`, signal: options.signal });
  };

  let current = await read();
  let lastEventId: string | null = null;
  while (!reached(current)) {
    const streamed = await follow(http, id, lastEventId, options.signal, (deployment, eventId) => {
      if (eventId !== null) lastEventId = eventId;
      // The first connection replays the stream from the start: an event older than what was read is history.
      if (deployment.updated_at < current.updated_at) return false;
      current = deployment;
      return reached(deployment);
    });
    if (streamed) return current;
    // The stream dropped or could not open: read once (within the 5 s rule), then reconnect.
    current = await read();
  }
  return current;
}

/** True once `onDeployment` says so; false when the stream ended or failed in a way worth retrying. */
async function follow(
  http: HttpClient,
  id: string,
  lastEventId: string | null,
  signal: AbortSignal | undefined,
  onDeployment: (deployment: Deployment, eventId: string | null) => boolean,
): Promise<boolean> {
  const stop = new AbortController();
  const both = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  try {
    const headers = http.headers({ accept: 'text/event-stream', ...(lastEventId === null ? {} : { 'last-event-id': lastEventId }) });
    const response = await fetch(http.url(`/v1/deployments/${encodeURIComponent(id)}/events/stream`), { headers, signal: both });
    if (!response.ok) {
      const error = errorFromResponse(response.status, await response.json().catch(() => undefined), response.headers.get('retry-after'));
      // Not found or not allowed will not change by retrying: the caller gets it.
      if (error.status !== null && error.status < 500 && error.status !== 429) throw error;
      return false;
    }
    if (!response.body) return false;
    for await (const frame of sseFrames(response.body)) {
      const event = JSON.parse(frame.data) as { type?: string; data?: { object?: Deployment } };
      const deployment = event.data?.object;
      if (!event.type?.startsWith('deployment.') || deployment?.id !== id) continue;
      if (onDeployment(deployment, frame.id)) return true;
    }
    return false;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error instanceof ExpertHandoffError) throw error;
    return false;
  } finally {
    stop.abort();
  }
}
