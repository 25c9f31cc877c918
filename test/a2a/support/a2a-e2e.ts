import { SendMessageRequest, taskStateToJSON, type StreamResponse, type Task, type TaskState } from '@a2a-js/sdk';
import { ClientFactory, type Client, type RequestOptions } from '@a2a-js/sdk/client';
import { randomUUID } from 'node:crypto';

/** The typed answer both A2A suites ask for: one tagline. */
export const TAGLINE_SCHEMA = { type: 'object', properties: { tagline: { type: 'string' } }, required: ['tagline'] };

/** An A2A client of the gateway, built by the SDK from the agent card it discovers. */
export async function discoverClient(baseUrl: string): Promise<Client> {
  return new ClientFactory().createFromUrl(baseUrl);
}

/** The workspace key, as A2A clients send it: the card's bearer scheme. */
export const withKey = (key: string): RequestOptions => ({ serviceParameters: { Authorization: `Bearer ${key}` } });

/** A user message: the brief as text, the create options as one data part. */
export function briefMessage(text: string, options: Record<string, unknown> | null, extra: { messageId?: string; taskId?: string } = {}): SendMessageRequest {
  const parts: unknown[] = [{ text }];
  if (options) parts.push({ data: options });
  return SendMessageRequest.fromJSON({
    message: { messageId: extra.messageId ?? randomUUID(), role: 'ROLE_USER', parts, ...(extra.taskId ? { taskId: extra.taskId } : {}) },
  });
}

export const replyMessage = (taskId: string, text: string): SendMessageRequest => briefMessage(text, null, { taskId });

/** Every event of a stream, in order, as its payload case and task state (when it has one). */
export async function drain(stream: AsyncGenerator<StreamResponse, void, undefined>): Promise<StreamResponse[]> {
  const events: StreamResponse[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

export const stateName = (state: TaskState | undefined): string =>
  state === undefined ? 'none' : taskStateToJSON(state).replace('TASK_STATE_', '').toLowerCase();

export function summary(events: readonly StreamResponse[]): string[] {
  return events.map((event) => {
    const payload = event.payload;
    switch (payload?.$case) {
      case 'task':
        return `task:${stateName(payload.value.status?.state)}`;
      case 'statusUpdate':
        return `status:${stateName(payload.value.status?.state)}`;
      case 'artifactUpdate':
        return `artifact:${payload.value.artifact?.artifactId.replace(/^dep_\w+-/, '')}`;
      default:
        return String(payload?.$case);
    }
  });
}

/** Polls the task until it reaches the state; fails naming the state it is in. */
export async function waitForState(client: Client, options: RequestOptions, id: string, state: TaskState, timeoutMs = 15_000): Promise<Task> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const task = await client.getTask({ tenant: '', id }, options);
    if (task.status?.state === state) return task;
    if (Date.now() > until) throw new Error(`task ${id} is ${stateName(task.status?.state)}, not ${stateName(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function taskOf(result: unknown): Task {
  if (typeof result !== 'object' || result === null || !('status' in result)) throw new Error(`expected a task, got ${JSON.stringify(result)}`);
  return result as Task;
}

/** A raw JSON-RPC POST, for what a well-behaved client never sends. */
export async function rawCall(
  baseUrl: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { jsonrpc: string; id: unknown; error?: { code: number; message: string; data?: unknown }; result?: unknown } }> {
  const response = await fetch(`${baseUrl}/a2a/v1`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: response.status, body: (await response.json()) as never };
}
