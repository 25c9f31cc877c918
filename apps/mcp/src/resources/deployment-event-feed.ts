import type { ApiDeployment, ApiEvent, ApiList } from '../api/api-types';
import type { ServiceApiClient } from '../api/service-api.client';
import { sseFrames } from '../api/sse-frames';
import { isTerminal } from '../polling/deployment-poller';

export type DeploymentEventListener = (event: ApiEvent) => void;

interface Follow {
  listeners: Set<DeploymentEventListener>;
  abort: AbortController;
  /** The last sequence seen: a reconnect resumes after it (`Last-Event-ID`), so nothing is missed or repeated. */
  lastEventId: string | null;
  ready: Promise<void>;
}

/** Reconnect delays after a dropped stream: the gateway's own `retry: 3000`, backing off to 30 s. */
const RETRY_MS = [500, 3_000, 10_000, 30_000];

/**
 * Follows deployments' live event streams on the gateway (`GET /v1/deployments/:id/events/stream`),
 * one stream per deployment however many MCP sessions subscribe, and hands each new event to
 * its listeners (resource subscriptions are fed by the events, not by polling). Every
 * event's deployment is also recorded (`onDeployment`, the poll gate), so a read right after the
 * notification shows the change without another API call.
 */
export class DeploymentEventFeed {
  private readonly follows = new Map<string, Follow>();

  constructor(
    private readonly api: ServiceApiClient,
    private readonly onDeployment: (deployment: ApiDeployment) => void,
  ) {}

  /**
   * Starts delivering the deployment's events from now on; resolves once the stream is open,
   * to a function that stops. Rejects (a `ServiceApiError`, e.g. `not_found`) when the deployment
   * cannot be followed at all.
   */
  async watch(deploymentId: string, listener: DeploymentEventListener): Promise<() => void> {
    let follow = this.follows.get(deploymentId);
    if (!follow) {
      follow = this.start(deploymentId);
      this.follows.set(deploymentId, follow);
      const started = follow;
      started.ready.catch(() => {
        if (this.follows.get(deploymentId) === started) this.follows.delete(deploymentId);
      });
    }
    follow.listeners.add(listener);
    const current = follow;
    const stop = (): void => {
      current.listeners.delete(listener);
      if (current.listeners.size === 0 && this.follows.get(deploymentId) === current) {
        current.abort.abort();
        this.follows.delete(deploymentId);
      }
    };
    try {
      await follow.ready;
    } catch (error) {
      stop();
      throw error;
    }
    return stop;
  }

  /** Stops every stream (the process is ending). */
  close(): void {
    for (const follow of this.follows.values()) follow.abort.abort();
    this.follows.clear();
  }

  private start(deploymentId: string): Follow {
    const follow: Follow = { listeners: new Set(), abort: new AbortController(), lastEventId: null, ready: Promise.resolve() };
    follow.ready = (async () => {
      // Only what happens from now on is news: resume after the last event already stored.
      follow.lastEventId = await this.lastSequence(deploymentId, follow.abort.signal);
      const first = await this.api.openDeploymentEventStream(deploymentId, follow.lastEventId, follow.abort.signal);
      void this.run(deploymentId, follow, first);
    })();
    return follow;
  }

  private async lastSequence(deploymentId: string, signal: AbortSignal): Promise<string | null> {
    let cursor: string | null = null;
    let last: string | null = null;
    do {
      const page: ApiList<ApiEvent> = (await this.api.listDeploymentEvents(deploymentId, cursor, signal)).body;
      const newest = page.data[page.data.length - 1];
      if (newest) last = String(newest.sequence);
      cursor = page.next;
    } while (cursor !== null);
    return last;
  }

  private async run(deploymentId: string, follow: Follow, first: Response): Promise<void> {
    let response: Response | null = first;
    let failures = 0;
    while (!follow.abort.signal.aborted) {
      try {
        response ??= await this.api.openDeploymentEventStream(deploymentId, follow.lastEventId, follow.abort.signal);
        failures = 0;
        if (response.body && (await this.deliver(response.body, follow))) {
          // Final state: nothing more will happen, so the stream is closed; listeners stay until they stop.
          follow.abort.abort();
          return;
        }
      } catch {
        // Dropped or refused: reconnect after a pause, resuming after the last event delivered.
      }
      response = null;
      await sleep(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)], follow.abort.signal);
    }
  }

  /** Delivers the stream's events until it ends; true once the deployment reached a final state. */
  private async deliver(body: ReadableStream<Uint8Array>, follow: Follow): Promise<boolean> {
    for await (const frame of sseFrames(body)) {
      const event = JSON.parse(frame.data) as ApiEvent;
      if (frame.id !== null) follow.lastEventId = frame.id;
      const deployment = event.data?.object;
      if (deployment?.id) this.onDeployment(deployment);
      for (const listener of [...follow.listeners]) listener(event);
      if (deployment?.status && isTerminal(deployment.status)) return true;
    }
    return false;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}
