import { DomainError, isId } from '@eh/contracts';
import { cancelDeployment, findDeployment, replyToDeployment, type DeploymentResource } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import type { AttachmentUrls } from '@eh/attachments';
import type {
  AgentCard,
  CancelTaskRequest,
  DeleteTaskPushNotificationConfigRequest,
  GetTaskPushNotificationConfigRequest,
  GetTaskRequest,
  ListTaskPushNotificationConfigsRequest,
  ListTaskPushNotificationConfigsResponse,
  ListTasksResponse,
  Message,
  SendMessageRequest,
  StreamResponse,
  SubscribeToTaskRequest,
  Task,
  TaskPushNotificationConfig,
} from '@a2a-js/sdk';
import { ExtendedAgentCardNotConfiguredError, UnsupportedOperationError } from '@a2a-js/sdk/errors';
import type { A2ARequestHandler, ServerCallContext } from '@a2a-js/sdk/server';
import { createFromRequest, type DeploymentCreationDeps } from '../deployments/deployment-creation';
import type { WorkspaceEventHub } from '../events/workspace-event.hub';
import { callOf, type A2aCall } from './a2a-call';
import { taskOf } from './deployment-task.projection';
import { followDeployment } from './deployment-task.stream';
import type { MessageIdempotency } from './message-idempotency';
import type { PushConfigs } from './push-configs';
import { createBodyOf, replyBodyOf } from './send-message.input';

export interface DeploymentTaskDeps {
  creation: DeploymentCreationDeps;
  sql: SqlClient;
  store: EventStore;
  hub: WorkspaceEventHub;
  urls: AttachmentUrls;
  idempotency: MessageIdempotency;
  pushConfigs: PushConfigs;
  card: () => Promise<AgentCard>;
}

/**
 * A2A's request handler over the deployments' application layer (docs/decisions.md "A2A"): a
 * task is a deployment, so every method is a create, read, reply or cancel the REST API makes
 * too, and every answer is derived from the deployment's read model or its public events.
 * Nothing is held in this process between calls; the SDK's JSON-RPC transport (both protocol
 * versions) parses the calls and shapes the answers.
 */
export class DeploymentTaskHandler implements A2ARequestHandler {
  constructor(private readonly deps: DeploymentTaskDeps) {}

  getAgentCard(): Promise<AgentCard> {
    return this.deps.card();
  }

  getAuthenticatedExtendedAgentCard(): Promise<AgentCard> {
    return Promise.reject(new ExtendedAgentCardNotConfiguredError('the public agent card is the whole card'));
  }

  /** Answers at once with the task (a human expert takes minutes to hours): follow it with `message/stream`, `tasks/resubscribe`, `tasks/get` or a push config. */
  async sendMessage(params: SendMessageRequest, context: ServerCallContext): Promise<Message | Task> {
    const call = callOf(context);
    const { deployment, push } = await this.act(call, params);
    return withPushConfig(taskOf(deployment), push);
  }

  async *sendMessageStream(params: SendMessageRequest, context: ServerCallContext): AsyncGenerator<StreamResponse, void, undefined> {
    const call = callOf(context);
    const { deployment, push } = await this.act(call, params);
    let first = true;
    for await (const event of followDeployment({ hub: this.deps.hub, read: (c, id) => this.read(c, id) }, call, deployment.id, 'final_or_input')) {
      yield first && event.payload?.$case === 'task' ? { payload: { $case: 'task', value: withPushConfig(event.payload.value, push) } } : event;
      first = false;
    }
  }

  async getTask(params: GetTaskRequest, context: ServerCallContext): Promise<Task> {
    const task = taskOf(await this.read(callOf(context), params.id));
    return params.historyLength === undefined ? task : { ...task, history: params.historyLength === 0 ? [] : task.history.slice(-params.historyLength) };
  }

  async cancelTask(params: CancelTaskRequest, context: ServerCallContext): Promise<Task> {
    const call = callOf(context);
    const id = taskIdOf(params.id);
    const reason = typeof params.metadata?.reason === 'string' ? params.metadata.reason : '';
    await cancelDeployment(this.deps.store, scopeOf(call), id, { reason });
    return taskOf(await this.read(call, id));
  }

  async *resubscribe(params: SubscribeToTaskRequest, context: ServerCallContext): AsyncGenerator<StreamResponse, void, undefined> {
    yield* followDeployment({ hub: this.deps.hub, read: (c, id) => this.read(c, id) }, callOf(context), taskIdOf(params.id), 'final');
  }

  listTasks(): Promise<ListTasksResponse> {
    return Promise.reject(new UnsupportedOperationError('list deployments with GET /v1/deployments'));
  }

  async createTaskPushNotificationConfig(params: TaskPushNotificationConfig, context: ServerCallContext): Promise<TaskPushNotificationConfig> {
    const call = callOf(context);
    await this.read(call, params.taskId);
    return this.deps.pushConfigs.create(call, params);
  }

  getTaskPushNotificationConfig(params: GetTaskPushNotificationConfigRequest, context: ServerCallContext): Promise<TaskPushNotificationConfig> {
    return this.deps.pushConfigs.get(callOf(context), taskIdOf(params.taskId), params.id);
  }

  listTaskPushNotificationConfigs(
    params: ListTaskPushNotificationConfigsRequest,
    context: ServerCallContext,
  ): Promise<ListTaskPushNotificationConfigsResponse> {
    return this.deps.pushConfigs.list(callOf(context), taskIdOf(params.taskId));
  }

  deleteTaskPushNotificationConfig(params: DeleteTaskPushNotificationConfigRequest, context: ServerCallContext): Promise<void> {
    return this.deps.pushConfigs.remove(callOf(context), taskIdOf(params.taskId), params.id);
  }

  /** A message without `taskId` creates a deployment; with one it answers that deployment's question. */
  private async act(call: A2aCall, params: SendMessageRequest): Promise<{ deployment: DeploymentResource; push?: TaskPushNotificationConfig }> {
    const message = params.message;
    if (!message) throw new DomainError('invalid_request', 'params.message is required', 'message');
    if (message.taskId) {
      const id = taskIdOf(message.taskId, 'message.taskId');
      const body = replyBodyOf(message);
      await this.deps.idempotency.once(call, 'reply', message, async () => {
        await replyToDeployment(this.deps.store, scopeOf(call), id, { body: body.body, context_files: body.context_files ?? [] });
        return id;
      });
      return { deployment: await this.read(call, id) };
    }
    const body = createBodyOf(message);
    const asked = params.configuration?.taskPushNotificationConfig;
    let created: DeploymentResource | undefined;
    let push: TaskPushNotificationConfig | undefined;
    const id = await this.deps.idempotency.once(call, 'new_task', message, async (deploymentId) => {
      // The config exists before its deployment does: a test deployment can finish the moment it is
      // created, and a config made after it would miss every update.
      if (asked) push = await this.deps.pushConfigs.create(call, { ...asked, taskId: deploymentId });
      try {
        created = await createFromRequest(this.deps.creation, call.auth, { requestId: call.requestId, now: new Date(), deploymentId }, body);
      } catch (error) {
        // Refused: the config of a deployment that will not exist goes too (a message sent again makes it anew).
        if (push) await this.deps.pushConfigs.remove(call, deploymentId, push.id).catch(() => undefined);
        throw error;
      }
      return created.id;
    });
    // A message sent again finds the config the first one made (by its URL), without its secret.
    if (asked && !push) push = await this.deps.pushConfigs.create(call, { ...asked, taskId: id });
    // A message sent again (same messageId) reads the deployment the first one made.
    return { deployment: created ? this.deps.urls.present(created, new Date()) : await this.read(call, id), push };
  }

  /** The deployment of this workspace and mode, attachments signed for this reading; else not found. */
  private async read(call: A2aCall, id: string): Promise<DeploymentResource> {
    const deployment = await findDeployment(this.deps.sql, call.scope, taskIdOf(id));
    if (!deployment) throw new DomainError('not_found', `no task ${id} in this workspace and mode`, 'id');
    return this.deps.urls.present(deployment, new Date());
  }
}

const scopeOf = (call: A2aCall) => ({ workspaceId: call.auth.workspaceId, mode: call.auth.mode, requestId: call.requestId, now: new Date() });

/** Task ids are deployment ids; anything else cannot name a task of ours. */
function taskIdOf(id: string, field = 'id'): string {
  if (!isId('deployment', id)) throw new DomainError('not_found', `no task ${id}; task ids are deployment ids (dep_…)`, field);
  return id;
}

/**
 * A push config given with the message is created with the task; its signing secret, shown once,
 * travels in the answer's task metadata (`push_notification_config`), as A2A's task has no field for it.
 */
function withPushConfig(task: Task, push: TaskPushNotificationConfig | undefined): Task {
  if (!push) return task;
  return { ...task, metadata: { ...task.metadata, push_notification_config: { id: push.id, url: push.url, authentication: push.authentication ?? null } } };
}
