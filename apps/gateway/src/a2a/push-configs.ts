import { DomainError, isId } from '@eh/contracts';
import {
  createPartnerEndpoint,
  deletePartnerEndpoint,
  deploymentWebhookEndpoints,
  type PartnerEndpointContext,
  type WebhookEndpointResource,
} from '@eh/delivery';
import type { EventStore } from '@eh/event-store';
import type { SecretCipher, ServiceConfig, SqlClient } from '@eh/platform';
import type { ListTaskPushNotificationConfigsResponse, TaskPushNotificationConfig } from '@a2a-js/sdk';
import type { A2aCall } from './a2a-call';

export interface PushConfigsDeps {
  sql: SqlClient;
  store: EventStore;
  cipher: SecretCipher;
  config: ServiceConfig;
}

/** How a receiver checks a push: our signature header, verified with the secret shown once at creation. */
export const PUSH_AUTH_SCHEME = 'Service-Signature';

/**
 * A2A push notification configs are webhook endpoints limited to one deployment (docs/decisions.md
 * "A2A"): the webhooks service delivers each of the deployment's public events to the URL as our
 * signed webhook (the body the REST webhooks send, `Service-Signature` and `Service-Delivery`,
 * retried, dead-lettered and replayable like every delivery). Nothing here sends anything.
 *
 * - the config id is the endpoint id (`we_…`); a client-chosen id is not kept;
 * - the signing secret is shown once, in the create answer's `authentication.credentials`;
 * - the same URL again for the same task answers the existing config (without the secret);
 * - `token` is not sent back on deliveries: the signature proves who sent them.
 */
export class PushConfigs {
  constructor(private readonly deps: PushConfigsDeps) {}

  async create(call: A2aCall, params: TaskPushNotificationConfig): Promise<TaskPushNotificationConfig> {
    if (!params.url) throw new DomainError('invalid_request', 'url is required: where the task’s updates are POSTed', 'url');
    const existing = (await this.endpointsOf(call, params.taskId)).find((endpoint) => endpoint.url === params.url);
    if (existing) return configOf(existing, params.taskId);
    const created = await createPartnerEndpoint(this.context(call), call.scope, {
      url: params.url,
      enabled_events: ['*'],
      description: `A2A push notifications of ${params.taskId}`,
      deployment_id: params.taskId,
    });
    return { ...configOf(created, params.taskId), authentication: { scheme: PUSH_AUTH_SCHEME, credentials: created.secret } };
  }

  async get(call: A2aCall, taskId: string, id: string): Promise<TaskPushNotificationConfig> {
    return configOf(await this.one(call, taskId, id), taskId);
  }

  async list(call: A2aCall, taskId: string): Promise<ListTaskPushNotificationConfigsResponse> {
    return { configs: (await this.endpointsOf(call, taskId)).map((endpoint) => configOf(endpoint, taskId)), nextPageToken: '' };
  }

  async remove(call: A2aCall, taskId: string, id: string): Promise<void> {
    await this.one(call, taskId, id);
    await deletePartnerEndpoint(this.context(call), call.scope, id);
  }

  private async one(call: A2aCall, taskId: string, id: string): Promise<WebhookEndpointResource> {
    const found = isId('webhookEndpoint', id) ? (await this.endpointsOf(call, taskId)).find((endpoint) => endpoint.id === id) : undefined;
    if (!found) throw new DomainError('not_found', `no push notification config ${id} on task ${taskId}`, 'id');
    return found;
  }

  private endpointsOf(call: A2aCall, taskId: string): Promise<WebhookEndpointResource[]> {
    return deploymentWebhookEndpoints(this.deps.sql, call.scope, taskId);
  }

  private context(call: A2aCall): PartnerEndpointContext {
    const { sql, store, cipher, config } = this.deps;
    return { sql, store, cipher, allowPrivateUrls: config.webhooks.allowPrivateUrls, now: new Date(), correlationId: call.requestId, actor: call.actor };
  }
}

function configOf(endpoint: WebhookEndpointResource, taskId: string): TaskPushNotificationConfig {
  return { tenant: '', id: endpoint.id, taskId, url: endpoint.url, token: '', authentication: { scheme: PUSH_AUTH_SCHEME, credentials: '' } };
}
