import type { DeploymentResource } from '@eh/deployments';
import {
  Role,
  TaskState,
  type Artifact,
  type Message,
  type Part,
  type Task,
  type TaskArtifactUpdateEvent,
  type TaskStatus,
  type TaskStatusUpdateEvent,
} from '@a2a-js/sdk';
import { taskStateOf } from './task-state.mapping';

/**
 * A deployment read as an A2A task (docs/decisions.md "A2A"). Pure: the deployment (its read model,
 * or a public event's `data.object`) is the only input, so every replica, and every restart,
 * derives the same task; nothing about a task is stored apart from its deployment.
 *
 * - `id` is the deployment id; `contextId` the deployment it follows up, else its own id.
 * - `history`: the brief (the caller's), the expert's question and the caller's reply, each with
 *   a message id derived from the deployment's, so a client can dedupe them across reads.
 * - the output is one artifact, `output`: a text part with the markdown (`text/markdown`), a
 *   data part with `output.data` when the deployment asked for a typed answer, one URL part per
 *   attachment. A cancelled deployment's partial output is the same artifact.
 */
export function taskOf(deployment: DeploymentResource): Task {
  return {
    id: deployment.id,
    contextId: contextIdOf(deployment),
    status: statusOf(deployment),
    artifacts: deployment.output ? [outputArtifact(deployment)] : [],
    history: historyOf(deployment),
    metadata: taskMetadata(deployment),
  };
}

export const contextIdOf = (deployment: DeploymentResource): string => deployment.follow_up_to ?? deployment.id;

/** The status with the message that explains it: the question, why it was cancelled or expired. */
export function statusOf(deployment: DeploymentResource): TaskStatus {
  return { state: taskStateOf(deployment.status), message: statusMessage(deployment), timestamp: deployment.updated_at };
}

export function statusUpdateOf(deployment: DeploymentResource): TaskStatusUpdateEvent {
  return { taskId: deployment.id, contextId: contextIdOf(deployment), status: statusOf(deployment), metadata: taskMetadata(deployment) };
}

/** The output, whole, as one chunk: an expert publishes it at once. */
export function artifactUpdateOf(deployment: DeploymentResource): TaskArtifactUpdateEvent | null {
  if (!deployment.output) return null;
  return {
    taskId: deployment.id,
    contextId: contextIdOf(deployment),
    artifact: outputArtifact(deployment),
    append: false,
    lastChunk: true,
    metadata: undefined,
  };
}

export function outputArtifact(deployment: DeploymentResource): Artifact {
  const output = deployment.output;
  if (!output) throw new Error(`outputArtifact: ${deployment.id} has no output`);
  const parts: Part[] = [textPart(output.body, 'text/markdown')];
  if (output.data !== undefined) parts.push(dataPart(output.data));
  for (const file of output.attachments)
    parts.push({ content: { $case: 'url', value: file.url }, filename: file.name, mediaType: file.content_type, metadata: { size_bytes: file.size_bytes } });
  return {
    artifactId: `${deployment.id}-output`,
    name: 'output',
    description: deployment.status === 'completed' ? 'The expert’s output' : 'The partial output attached when the deployment was cancelled',
    parts,
    metadata: undefined,
    extensions: [],
  };
}

function historyOf(deployment: DeploymentResource): Message[] {
  const history = [message(deployment, 'brief', Role.ROLE_USER, deployment.brief)];
  if (deployment.question) history.push(message(deployment, 'question', Role.ROLE_AGENT, deployment.question.body));
  if (deployment.reply) history.push(message(deployment, 'reply', Role.ROLE_USER, deployment.reply.body));
  return history;
}

function statusMessage(deployment: DeploymentResource): Message | undefined {
  switch (taskStateOf(deployment.status)) {
    case TaskState.TASK_STATE_INPUT_REQUIRED:
      return deployment.question ? message(deployment, 'question', Role.ROLE_AGENT, deployment.question.body) : undefined;
    case TaskState.TASK_STATE_CANCELED:
      return deployment.cancellation
        ? message(
            deployment,
            'cancellation',
            Role.ROLE_AGENT,
            `Cancelled by the ${deployment.cancellation.cancelled_by}${deployment.cancellation.reason ? `: ${deployment.cancellation.reason}` : ''}`,
          )
        : undefined;
    case TaskState.TASK_STATE_FAILED:
      return deployment.expiry ? message(deployment, 'expiry', Role.ROLE_AGENT, `Expired: ${deployment.expiry.reason}`) : undefined;
    default:
      return undefined;
  }
}

function message(deployment: DeploymentResource, kind: string, role: Role, text: string): Message {
  return {
    messageId: `${deployment.id}-${kind}`,
    contextId: contextIdOf(deployment),
    taskId: deployment.id,
    role,
    parts: [textPart(text, 'text/plain')],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/** What A2A has no field for, under the names the REST API uses. */
function taskMetadata(deployment: DeploymentResource): Record<string, unknown> {
  return {
    deployment_status: deployment.status,
    urgency: deployment.urgency,
    sla_deadline: deployment.sla_deadline,
    credits_reserved: deployment.credits_reserved,
    ...(deployment.credits_charged !== undefined ? { credits_charged: deployment.credits_charged } : {}),
    ...(deployment.duration_seconds !== undefined ? { duration_seconds: deployment.duration_seconds } : {}),
    expert: deployment.expert,
    ...(deployment.question ? { reply_deadline: deployment.question.reply_deadline } : {}),
  };
}

const textPart = (text: string, mediaType: string): Part => ({ content: { $case: 'text', value: text }, mediaType, filename: '', metadata: undefined });
const dataPart = (data: unknown): Part => ({ content: { $case: 'data', value: data }, mediaType: 'application/json', filename: '', metadata: undefined });
