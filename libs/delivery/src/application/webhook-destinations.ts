import { deploymentStreamName, webhookEndpointStreamName, type DeploymentCreated, type KeyMode, type WebhookEndpointEvent } from '@eh/contracts';
import { categoryOf, type CopySelector, type RecordedEvent } from '@eh/event-store';
import { BoundedMap } from '@eh/platform';

/** The copies' subject token: the fan-out's durables filter on `hooks.<category>.>`. */
export const WEBHOOK_COPY_TOKEN = 'hooks';

/** The categories whose events can be public: the fan-out has a durable on each one's copies (fanout.reactor.ts). */
export const FANNED_OUT_CATEGORIES = ['deployment', 'handoff', 'account'] as const;
const DEPLOYMENT_STREAM = deploymentStreamName('');
const ENDPOINT_STREAM = webhookEndpointStreamName('');
/** Deployments whose route is remembered: one forgotten is answered yes. */
const DEFAULT_DEPLOYMENTS = 100_000;

/** An endpoint as the selector starts from it: null mode is the admin API's endpoint, which takes both. */
export interface KnownEndpoint {
  workspace_id: string;
  endpoint_id: string;
  mode: KeyMode | null;
}

/** What a deployment's events need to find their destinations; fixed when it is created. */
interface DeploymentRoute {
  mode: KeyMode;
  override: boolean;
}

/**
 * Which events the relay also publishes for the fan-out (BusCopy), decided in commit
 * order from the events themselves, so the webhooks service is sent nothing for a workspace and
 * mode without endpoints. An event may have a destination when its deployment has a
 * `webhook_url`, or its workspace has an endpoint of its mode (any endpoint, outside
 * deployments), or its deployment was created before this selector started (or forgotten).
 *
 * Right by construction: an endpoint registered before an event committed is folded before it.
 * It starts from endpoints as stored when the relay's leadership begins, removed ones included,
 * since the relay reads from its checkpoint, before those removals: it can only say yes too often.
 *
 * Its stamp changes with every endpoint event (an update or a rotation too), so the fan-out keeps
 * the endpoint reads it made for one copy for every later copy with the same stamp.
 */
export class WebhookDestinations implements CopySelector {
  /** Workspace → its endpoints' modes by endpoint id. */
  private readonly endpoints = new Map<string, Map<string, KeyMode | null>>();
  private readonly deployments: BoundedMap<string, DeploymentRoute>;
  private endpointEvents = 0;

  constructor(
    known: readonly KnownEndpoint[],
    /** Unique to this selector (one relay leadership): its stamps are never another's. */
    private readonly name: string,
    capacity = DEFAULT_DEPLOYMENTS,
  ) {
    this.deployments = new BoundedMap(capacity);
    for (const endpoint of known) this.endpointsOf(endpoint.workspace_id).set(endpoint.endpoint_id, endpoint.mode);
  }

  stamp(): string {
    return `${this.name}.${this.endpointEvents}`;
  }

  copies(event: RecordedEvent): boolean {
    if (event.streamName.startsWith(ENDPOINT_STREAM)) {
      this.endpointEvents++;
      this.foldEndpoint(event as RecordedEvent<WebhookEndpointEvent['type']>);
      return false;
    }
    if (!(FANNED_OUT_CATEGORIES as readonly string[]).includes(categoryOf(event.streamName))) return false;
    const workspaceId = event.metadata?.workspace_id;
    if (typeof workspaceId !== 'string') return true;
    if (!event.streamName.startsWith(DEPLOYMENT_STREAM)) return this.hasEndpoint(workspaceId, undefined);
    if (event.type === 'deployment.created') this.learnDeployment(event as RecordedEvent<'deployment.created', DeploymentCreated['data']>);
    const route = this.deployments.get(event.streamName);
    if (!route) return true;
    return route.override || this.hasEndpoint(workspaceId, route.mode);
  }

  /** Any endpoint of the workspace taking `mode` (undefined: any endpoint at all). */
  private hasEndpoint(workspaceId: string, mode: KeyMode | undefined): boolean {
    const modes = this.endpoints.get(workspaceId);
    if (!modes) return false;
    if (mode === undefined) return modes.size > 0;
    for (const endpointMode of modes.values()) if (endpointMode === null || endpointMode === mode) return true;
    return false;
  }

  private learnDeployment(event: RecordedEvent<'deployment.created', DeploymentCreated['data']>): void {
    const { mode, webhook_url } = event.data;
    // A mode it does not know is left unlearnt: its events are answered yes.
    if (mode === 'live' || mode === 'test') this.deployments.set(event.streamName, { mode, override: typeof webhook_url === 'string' });
  }

  private foldEndpoint(event: RecordedEvent<WebhookEndpointEvent['type']>): void {
    const data = event.data as { workspace_id?: unknown; endpoint_id?: unknown; mode?: unknown };
    if (typeof data.workspace_id !== 'string') return;
    const endpointId = typeof data.endpoint_id === 'string' ? data.endpoint_id : event.streamName;
    if (event.type === 'webhook_endpoint.registered') this.endpointsOf(data.workspace_id).set(endpointId, null);
    else if (event.type === 'webhook_endpoint.created')
      this.endpointsOf(data.workspace_id).set(endpointId, data.mode === 'live' || data.mode === 'test' ? data.mode : null);
    else if (event.type === 'webhook_endpoint.removed') this.endpoints.get(data.workspace_id)?.delete(endpointId);
  }

  private endpointsOf(workspaceId: string): Map<string, KeyMode | null> {
    let modes = this.endpoints.get(workspaceId);
    if (!modes) this.endpoints.set(workspaceId, (modes = new Map()));
    return modes;
  }
}
