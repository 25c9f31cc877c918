import type { ApiDeployment, DeploymentStatus } from '../api/api-types';

/** The API asks clients to poll a deployment at most once every 5 s. */
export const MIN_POLL_INTERVAL_MS = 5_000;
/**
 * Upper bound of `wait_seconds`. MCP clients time a request out after 60 s by default (the SDK's
 * DEFAULT_REQUEST_TIMEOUT_MSEC, and desktop hosts alike); a wait must answer well before that.
 */
export const MAX_WAIT_SECONDS = 50;

const TERMINAL: ReadonlySet<DeploymentStatus> = new Set(['completed', 'cancelled', 'expired']);

export interface Snapshot {
  deployment: ApiDeployment;
  /** Epoch ms when the API answered with it. */
  fetchedAt: number;
}

export interface PollerClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: PollerClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

export type Loader = (id: string) => Promise<ApiDeployment>;

export interface WaitOptions {
  waitSeconds: number;
  signal?: AbortSignal;
  /** Called after each GET while waiting, e.g. to send MCP progress notifications. */
  onPoll?: (snapshot: Snapshot, elapsedMs: number) => void;
}

/**
 * One per process, shared by every tool call and session: the last answer per deployment and when
 * it came, so this server never GETs one deployment more often than every 5 s, however often and
 * however many agents call `service.check_deployment`. Writes (create, reply) record their answer
 * too, so a check right after them is neither stale nor an extra request.
 */
export class DeploymentPoller {
  private readonly snapshots = new Map<string, Snapshot>();
  private readonly inFlight = new Map<string, Promise<Snapshot>>();

  constructor(
    private readonly load: Loader,
    private readonly clock: PollerClock = systemClock,
    private readonly maxEntries = 1_000,
  ) {}

  /** Records what a write answered (it is as fresh as a GET). */
  record(deployment: ApiDeployment): Snapshot {
    const snapshot = { deployment, fetchedAt: this.clock.now() };
    const known = this.snapshots.get(deployment.id);
    // A GET sent before a reply may answer after it: never let the older state win.
    if (known && Date.parse(known.deployment.updated_at) > Date.parse(deployment.updated_at)) {
      known.fetchedAt = snapshot.fetchedAt;
      return known;
    }
    // Delete first so the Map's insertion order stays least-recently-recorded first.
    this.snapshots.delete(deployment.id);
    this.snapshots.set(deployment.id, snapshot);
    if (this.snapshots.size > this.maxEntries) this.snapshots.delete(this.snapshots.keys().next().value as string);
    return snapshot;
  }

  /**
   * The deployment's state, waiting up to `waitSeconds` for it to need the agent (needs_input) or
   * to end. Returns early on those; otherwise returns the latest state once another GET would land
   * after the deadline. A state younger than 5 s is served without a request.
   */
  async check(id: string, options: WaitOptions): Promise<Snapshot> {
    const started = this.clock.now();
    const deadline = started + options.waitSeconds * 1000;
    for (;;) {
      const snapshot = this.snapshots.get(id);
      if (snapshot) {
        const nextPoll = snapshot.fetchedAt + MIN_POLL_INTERVAL_MS;
        const fresh = this.clock.now() < nextPoll;
        if (isTerminal(snapshot.deployment.status)) return snapshot; // never changes again
        if (fresh && (snapshot.deployment.status === 'needs_input' || nextPoll > deadline)) return snapshot;
        if (fresh) await this.clock.sleep(nextPoll - this.clock.now(), options.signal);
      }
      const polled = await this.fetch(id);
      options.onPoll?.(polled, this.clock.now() - started);
    }
  }

  /**
   * Concurrent checks of one deployment share one request. It is not tied to one caller's abort
   * signal (another caller may be waiting on it); the REST timeout bounds it.
   */
  private fetch(id: string): Promise<Snapshot> {
    const pending = this.inFlight.get(id);
    if (pending) return pending;
    const request = this.load(id)
      .then((deployment) => this.record(deployment))
      .finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, request);
    return request;
  }
}

export function isTerminal(status: DeploymentStatus): boolean {
  return TERMINAL.has(status);
}
