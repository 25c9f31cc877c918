import { setTimeout as delay } from 'node:timers/promises';
import type { Deployment, ServiceEvent, StreamedEvent } from '@expert-handoff/sdk';
import type { ApiClient } from '../api/api-client';
import { isTerminal } from '../polling/deployment-poller';

/** A deployment's event as its stream carries it: the deployment as it is after the event. */
export type DeploymentEvent = Extract<ServiceEvent, { data: { object: Deployment } }>;
export type DeploymentEventListener = (event: DeploymentEvent) => void;
type EventStream = AsyncGenerator<StreamedEvent>;

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
    private readonly api: ApiClient,
    private readonly onDeployment: (deployment: Deployment) => void,
  ) {}

  /**
   * Starts delivering the deployment's events from now on; resolves once the stream is open,
   * to a function that stops. Rejects (an SDK error, e.g. `not_found`) when the deployment
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
      const first = await this.open(deploymentId, follow);
      void this.run(deploymentId, follow, first);
    })();
    return follow;
  }

  private async lastSequence(deploymentId: string, signal: AbortSignal): Promise<string | null> {
    let cursor: string | null = null;
    let last: string | null = null;
    do {
      const page = await this.api().deployments.events(deploymentId, { cursor: cursor ?? undefined }, { signal });
      const newest = page.data[page.data.length - 1];
      if (newest) last = String(newest.sequence);
      cursor = page.next;
    } while (cursor !== null);
    return last;
  }

  private open(deploymentId: string, follow: Follow): Promise<EventStream> {
    return this.api().deployments.stream(deploymentId, { lastEventId: follow.lastEventId, signal: follow.abort.signal });
  }

  private async run(deploymentId: string, follow: Follow, first: EventStream): Promise<void> {
    let stream: EventStream | null = first;
    let failures = 0;
    while (!follow.abort.signal.aborted) {
      try {
        stream ??= await this.open(deploymentId, follow);
        failures = 0;
        if (await this.deliver(stream, follow)) {
          // Final state: nothing more will happen, so the stream is closed; listeners stay until they stop.
          follow.abort.abort();
          return;
        }
      } catch {
        // Dropped or refused: reconnect after a pause, resuming after the last event delivered.
      }
      stream = null;
      await sleep(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)], follow.abort.signal);
    }
  }

  /** Delivers the stream's events until it ends; true once the deployment reached a final state. */
  private async deliver(stream: EventStream, follow: Follow): Promise<boolean> {
    for await (const streamed of stream) {
      // A deployment's stream carries only that deployment's events.
      const event = streamed.event as DeploymentEvent;
      if (streamed.id !== null) follow.lastEventId = streamed.id;
      const deployment = event.data?.object;
      if (deployment?.id) this.onDeployment(deployment);
      for (const listener of [...follow.listeners]) listener(event);
      if (deployment?.status && isTerminal(deployment.status)) return true;
    }
    return false;
  }
}

/** Resolves after `ms`, or at once when the follow is stopped. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return delay(ms, undefined, { signal }).catch(() => undefined);
}
