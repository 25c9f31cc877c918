import type { DeploymentCreated, KeyMode } from '@eh/contracts';
import type { HeardCommits, RecordedEvent } from '@eh/event-store';
import { WEBHOOK_ENDPOINT_CATEGORY } from './delivery-deciders';

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

/** Deployments remembered (their mode and whether they have a `webhook_url`). */
const DEFAULT_DEPLOYMENTS = 50_000;
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
 * event whose commit it has heard (HeardCommits), and commits are heard in order: every endpoint
 * change committed before the event was heard before it, and dropped the remembered workspaces
 * (endpoint streams carry no workspace id; changes are rare). A deployment's mode and
 * `webhook_url` come from its `deployment.created`, seen by this process (`learn`). Anything else
 * (a commit not heard, a deployment not seen) is asked of PostgreSQL.
 */
export class DestinationPresence {
  private readonly deployments = new Map<string, DeploymentRoute>();

  constructor(
    private readonly deps: DestinationPresenceDeps,
    private readonly commits: HeardCommits,
    private readonly maxDeployments = DEFAULT_DEPLOYMENTS,
  ) {}

  /** A deployment's route, from its first event; a later event of it is answered from this. */
  learn(event: RecordedEvent): void {
    if (event.type !== 'deployment.created') return;
    const { mode, webhook_url } = (event as RecordedEvent<'deployment.created', DeploymentCreated['data']>).data;
    if (mode !== 'live' && mode !== 'test') return;
    this.deployments.set(event.streamName, { mode, override: typeof webhook_url === 'string' });
    if (this.deployments.size > this.maxDeployments) this.deployments.delete(this.deployments.keys().next().value as string);
  }

  async mayHaveDestinations(event: RecordedEvent): Promise<boolean> {
    if (!this.commits.heard(event)) return this.deps.ask(event);
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

  /** Read after the event's commit was heard, so right for this event even if not kept. */
  private endpointModes(workspaceId: string): Promise<EndpointModes> {
    return this.commits.remember(`endpoint-modes:${workspaceId}`, { category: WEBHOOK_ENDPOINT_CATEGORY }, () => this.deps.loadEndpointModes(workspaceId));
  }
}
