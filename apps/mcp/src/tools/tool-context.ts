import type { ApiClient } from '../api/api-client';
import type { DeploymentPoller } from '../polling/deployment-poller';
import type { DeploymentEventFeed } from '../resources/deployment-event-feed';

/** What every tool uses: the REST client, the process-wide poll gate and the live event feed. */
export interface ToolContext {
  api: ApiClient;
  poller: DeploymentPoller;
  /** One live event stream per followed deployment, shared by every session. */
  feed: DeploymentEventFeed;
}
