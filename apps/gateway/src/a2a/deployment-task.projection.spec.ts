import type { DeploymentResource } from '@eh/deployments';
import { Task, TaskState } from '@a2a-js/sdk';
import { artifactUpdateOf, statusUpdateOf, taskOf } from './deployment-task.projection';

const base: DeploymentResource = {
  id: 'dep_01JTESTAAAAAAAAAAAAAAAAAAA',
  status: 'pending',
  brief: 'Write a tagline for a bakery.',
  skills: ['copywriting'],
  urgency: 'standard',
  sla_deadline: '2026-05-01T14:00:00.000Z',
  credits_reserved: 60,
  expert: null,
  output: null,
  metadata: {},
  created_at: '2026-05-01T10:00:00.000Z',
  updated_at: '2026-05-01T10:00:00.000Z',
  context_url: null,
  context_files: [],
  scheduled_for: null,
  webhook_url: null,
  question: null,
  reply: null,
  cancellation: null,
  expiry: null,
};
const expert = { id: 'spec_1', name: 'Ada', role: 'Copywriter' };
const question = { body: 'Which audience first?', asked_at: '2026-05-01T10:05:00.000Z', reply_deadline: '2026-05-02T10:05:00.000Z' };
const output = {
  format: 'markdown' as const,
  body: '# Fresh every morning',
  attachments: [{ name: 'mood.png', url: 'https://x.test/a?signature=1', content_type: 'image/png', size_bytes: 12 }],
};

describe('taskOf', () => {
  it('a pending deployment is a submitted task holding the brief as the caller’s message, with no artifact', () => {
    const task = taskOf(base);
    expect(task).toMatchObject({
      id: base.id,
      contextId: base.id,
      status: { state: TaskState.TASK_STATE_SUBMITTED, timestamp: base.updated_at },
      artifacts: [],
    });
    expect(task.history.map((m) => [m.messageId, m.role, m.parts[0]?.content])).toEqual([[`${base.id}-brief`, 1, { $case: 'text', value: base.brief }]]);
    expect(task.metadata).toMatchObject({ deployment_status: 'pending', sla_deadline: base.sla_deadline, credits_reserved: 60, expert: null });
  });

  it('a question makes it input-required, the question being the status message and in the history', () => {
    const task = taskOf({ ...base, status: 'needs_input', expert, question, updated_at: question.asked_at });
    expect(task.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(task.status?.message?.parts[0]?.content).toEqual({ $case: 'text', value: question.body });
    expect(task.history.map((m) => m.messageId)).toEqual([`${base.id}-brief`, `${base.id}-question`]);
    expect(task.metadata).toMatchObject({ reply_deadline: question.reply_deadline, expert });
  });

  it('the reply joins the history as the caller’s, and the task is working again', () => {
    const task = taskOf({ ...base, status: 'in_progress', expert, question, reply: { body: 'Parents.', replied_at: '2026-05-01T10:06:00.000Z' } });
    expect(task.status).toMatchObject({ state: TaskState.TASK_STATE_WORKING, message: undefined });
    expect(task.history.map((m) => [m.messageId, m.role])).toEqual([
      [`${base.id}-brief`, 1],
      [`${base.id}-question`, 2],
      [`${base.id}-reply`, 1],
    ]);
  });

  it('completed: one artifact with the markdown, the typed answer as a data part, each attachment as a URL part', () => {
    const task = taskOf({
      ...base,
      status: 'completed',
      expert,
      output: { ...output, data: { tagline: 'Fresh' } },
      output_schema: { type: 'object' },
      credits_charged: 40,
      duration_seconds: 600,
      completed_at: base.updated_at,
    });
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(task.artifacts).toHaveLength(1);
    const [artifact] = task.artifacts;
    expect(artifact.artifactId).toBe(`${base.id}-output`);
    expect(artifact.parts.map((p) => [p.content, p.mediaType, p.filename])).toEqual([
      [{ $case: 'text', value: output.body }, 'text/markdown', ''],
      [{ $case: 'data', value: { tagline: 'Fresh' } }, 'application/json', ''],
      [{ $case: 'url', value: output.attachments[0].url }, 'image/png', 'mood.png'],
    ]);
    expect(task.metadata).toMatchObject({ credits_charged: 40, duration_seconds: 600 });
  });

  it('completed without an output_schema has no data part', () => {
    const task = taskOf({ ...base, status: 'completed', expert, output: { ...output, attachments: [] } });
    expect(task.artifacts[0].parts.map((p) => p.content?.$case)).toEqual(['text']);
  });

  it('cancelled says who cancelled and why, and keeps a partial output as the artifact', () => {
    const task = taskOf({
      ...base,
      status: 'cancelled',
      output: { ...output, attachments: [] },
      cancellation: { cancelled_by: 'expert', reason: 'conflict', cancelled_at: base.updated_at },
    });
    expect(task.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect(task.status?.message?.parts[0]?.content).toEqual({ $case: 'text', value: 'Cancelled by the expert: conflict' });
    expect(task.artifacts[0].description).toMatch(/partial/);
  });

  it('expired is failed, with the reason', () => {
    const task = taskOf({ ...base, status: 'expired', expiry: { reason: 'sla_elapsed' as never, expired_at: base.updated_at } });
    expect(task.status?.state).toBe(TaskState.TASK_STATE_FAILED);
    expect(task.status?.message?.parts[0]?.content).toEqual({ $case: 'text', value: 'Expired: sla_elapsed' });
  });

  it('a follow-up shares the context of the deployment it follows', () => {
    expect(taskOf({ ...base, follow_up_to: 'dep_01JPARENTAAAAAAAAAAAAAAAAA' }).contextId).toBe('dep_01JPARENTAAAAAAAAAAAAAAAAA');
  });

  it('serialises to A2A JSON as the SDK writes it', () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test reads deep into the SDK's JSON, which the assertions check
    const json = Task.toJSON(taskOf({ ...base, status: 'completed', expert, output: { ...output, data: { n: 1 } } })) as Record<string, any>;
    expect(json.status.state).toBe('TASK_STATE_COMPLETED');
    expect(json.artifacts[0].parts[0]).toEqual({ text: output.body, mediaType: 'text/markdown' });
    expect(json.artifacts[0].parts[1]).toMatchObject({ data: { n: 1 } });
    expect(json.history[0].role).toBe('ROLE_USER');
  });
});

describe('stream events', () => {
  it('a status update carries the task’s state and context; an artifact update exists only with an output', () => {
    const done = { ...base, status: 'completed' as const, expert, output: { ...output, attachments: [] } };
    expect(statusUpdateOf(done)).toMatchObject({ taskId: base.id, contextId: base.id, status: { state: TaskState.TASK_STATE_COMPLETED } });
    expect(artifactUpdateOf(done)).toMatchObject({ taskId: base.id, lastChunk: true, append: false, artifact: { artifactId: `${base.id}-output` } });
    expect(artifactUpdateOf(base)).toBeNull();
  });
});
