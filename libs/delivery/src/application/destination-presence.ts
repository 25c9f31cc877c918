import type { DeploymentCreated, KeyMode } from '@eh/contracts';
import { categoryOf, decodeCheckpoint, type CommitObserver, type RecordedEvent } from '@eh/event-store';

/** Which modes a workspace's endpoints (not removed; disabled ones count) take. */
export interface EndpointModes {
  live: boolean;
  test: boolean;
}

export interface DestinationPresenceDeps {
  /** The workspace's endpoint modes, read from PostgreSQL. */
  loadEndpointModes(workspaceId: string): Promise<EndpointModes>;
  /** The full answer from PostgreSQL (destination-presence.query.ts), when memory cannot give one. */
  ask(event: RecordedEvent): Promise<boolean>;
}

/** Bounds: transactions heard (minutes of commits), workspaces and deployments remembered. */
export interface DestinationPresenceLimits {
  transactions: number;
  workspaces: number;
  deployments: number;
}

const DEFAULT_LIMITS: DestinationPresenceLimits = { transactions: 50_000, workspaces: 10_000, deployments: 50_000 };
const ENDPOINT_CATEGORY = 'webhook_endpoint';
const DEPLOYMENT_STREAM = 'deployment-';

/** What a deployment's events need to find their destinations; fixed when it is created. */
interface DeploymentRoute {
  mode: KeyMode;
  override: boolean;
}

/**
 * Issue 14: whether an event can have a destination, answered from memory, so the webhooks
 * service does no I/O for a workspace and mode without endpoints. Wrong only if it said no while
 * an endpoint registered before the event existed; it cannot, because it answers only for an
 * event whose commit it has heard (CommitObserver), and commits are heard in order:
 * - every endpoint change committed before the event was heard before it, and dropped the
 *   remembered workspaces (endpoint streams carry no workspace id; changes are rare);
 * - a workspace read from PostgreSQL is remembered only if no endpoint change was heard while it
 *   was read (the read may predate that change);
 * - a broken feed forgets every workspace and transaction: nothing heard before it counts.
 * A deployment's mode and `webhook_url` come from its `deployment.created`, seen by this process
 * (`learn`). Anything else (a commit not heard, a deployment not seen) is asked of PostgreSQL.
 */
export class DestinationPresence implements CommitObserver {
  private listeningNow = false;
  /** Bumped whenever remembered workspaces may be stale: a workspace read across a bump is not kept. */
  private generation = 0;
  private readonly heard = new Set<string>();
  private readonly workspaces = new Map<string, EndpointModes>();
  private readonly deployments = new Map<string, DeploymentRoute>();
  private readonly limits: DestinationPresenceLimits;

  constructor(
    private readonly deps: DestinationPresenceDeps,
    limits: Partial<DestinationPresenceLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  listening(): void {
    this.forgetCommits();
    this.listeningNow = true;
  }

  lost(): void {
    this.forgetCommits();
    this.listeningNow = false;
  }

  appended(streamName: string, transactionId: string | undefined): void {
    if (categoryOf(streamName) === ENDPOINT_CATEGORY) {
      this.generation++;
      this.workspaces.clear();
    }
    if (this.listeningNow && transactionId !== undefined) remember(this.heard, transactionId, this.limits.transactions);
  }

  /** A deployment's route, from its first event; a later event of it is answered from this. */
  learn(event: RecordedEvent): void {
    if (event.type !== 'deployment.created') return;
    const { mode, webhook_url } = (event as RecordedEvent<'deployment.created', DeploymentCreated['data']>).data;
    if (mode !== 'live' && mode !== 'test') return;
    rememberEntry(this.deployments, event.streamName, { mode, override: typeof webhook_url === 'string' }, this.limits.deployments);
  }

  async mayHaveDestinations(event: RecordedEvent): Promise<boolean> {
    if (!this.listeningNow || !this.heard.has(decodeCheckpoint(event.checkpoint).transactionId)) return this.deps.ask(event);
    const workspaceId = event.metadata.workspace_id;
    if (!event.streamName.startsWith(DEPLOYMENT_STREAM)) {
      const modes = await this.endpointModes(workspaceId);
      return modes.live || modes.test;
    }
    const route = this.deployments.get(event.streamName);
    if (!route) return this.deps.ask(event);
    if (route.override) return true;
    return (await this.endpointModes(workspaceId))[route.mode];
  }

  private async endpointModes(workspaceId: string): Promise<EndpointModes> {
    const known = this.workspaces.get(workspaceId);
    if (known) return known;
    const generation = this.generation;
    // Read after the event's commit was heard, so right for this event even if not kept.
    const modes = await this.deps.loadEndpointModes(workspaceId);
    if (generation === this.generation && this.listeningNow) rememberEntry(this.workspaces, workspaceId, modes, this.limits.workspaces);
    return modes;
  }

  private forgetCommits(): void {
    this.generation++;
    this.heard.clear();
    this.workspaces.clear();
  }
}

function remember(set: Set<string>, value: string, limit: number): void {
  set.add(value);
  if (set.size > limit) set.delete(set.values().next().value as string);
}

function rememberEntry<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as string);
}
