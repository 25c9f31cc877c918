import type { ServiceApiClient } from '../api/service-api.client';
import type { DeploymentPoller } from '../polling/deployment-poller';

/** What every tool uses: the REST client and the process-wide poll gate. */
export interface ToolContext {
  api: ServiceApiClient;
  poller: DeploymentPoller;
}
