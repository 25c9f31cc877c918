import { z } from 'zod';
import type { Deployment } from '@expert-handoff/sdk';

/**
 * The deployment as the three deployment tools return it (structuredContent). Built field by
 * field from the API's object, so fields the API adds later never break a client validating
 * against this schema; the brief and the creation context are left out (the agent wrote them).
 */
export const deploymentViewShape = {
  id: z.string().describe('Deployment id (dep_…); pass it to service.check_deployment and service.reply_to_deployment.'),
  status: z
    .enum(['pending', 'accepted', 'in_progress', 'needs_input', 'completed', 'cancelled', 'expired'])
    .describe('pending → accepted → in_progress → completed; needs_input = the expert asked a question; cancelled and expired are final.'),
  next_action: z
    .enum(['wait', 'reply', 'none'])
    .describe('wait: call service.check_deployment again (with wait_seconds); reply: answer `question` with service.reply_to_deployment; none: final state.'),
  skills: z.array(z.string()),
  urgency: z.enum(['standard', 'priority', 'scheduled']),
  sla_deadline: z.string().describe('ISO 8601; a deployment no expert accepted by then expires with its credits released.'),
  expert: z.object({ id: z.string(), name: z.string(), role: z.string() }).nullable().describe('Null until an expert accepts.'),
  question: z
    .object({ body: z.string(), asked_at: z.string(), reply_deadline: z.string() })
    .nullable()
    .describe('The clarifying question (status needs_input); unanswered by reply_deadline, the deployment expires.'),
  reply: z.object({ body: z.string(), replied_at: z.string() }).nullable(),
  output: z
    .object({
      format: z.string(),
      body: z.string().describe('Markdown.'),
      attachments: z.array(z.object({ name: z.string(), url: z.string(), content_type: z.string(), size_bytes: z.number() })),
      data: z.record(z.string(), z.json()).optional().describe('The typed answer, valid against the output_schema given on create; absent without one.'),
    })
    .nullable()
    .describe('The delivered output once completed (partial output may come with a cancellation); null otherwise.'),
  credits_reserved: z.number(),
  credits_charged: z.number().nullable().describe('Settled charge, once completed.'),
  duration_seconds: z.number().nullable(),
  completed_at: z.string().nullable(),
  cancellation: z.object({ cancelled_by: z.string(), reason: z.string(), cancelled_at: z.string() }).nullable(),
  expiry: z.object({ reason: z.string(), expired_at: z.string() }).nullable(),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  created_at: z.string(),
  updated_at: z.string(),
};

export const deploymentViewSchema = z.object(deploymentViewShape);
export type DeploymentView = z.infer<typeof deploymentViewSchema>;

export function toDeploymentView(d: Deployment): DeploymentView {
  return {
    id: d.id,
    status: d.status,
    next_action: d.status === 'needs_input' ? 'reply' : ['completed', 'cancelled', 'expired'].includes(d.status) ? 'none' : 'wait',
    skills: d.skills,
    urgency: d.urgency,
    sla_deadline: d.sla_deadline,
    expert: d.expert ? { id: d.expert.id, name: d.expert.name, role: d.expert.role } : null,
    question: d.question ? { body: d.question.body, asked_at: d.question.asked_at, reply_deadline: d.question.reply_deadline } : null,
    reply: d.reply ? { body: d.reply.body, replied_at: d.reply.replied_at } : null,
    output: d.output
      ? {
          format: d.output.format,
          body: d.output.body,
          attachments: d.output.attachments.map((a) => ({ name: a.name, url: a.url, content_type: a.content_type, size_bytes: a.size_bytes })),
          // The API sends parsed JSON: every value is a JSON value.
          ...(d.output.data !== undefined ? { data: d.output.data as Record<string, z.core.util.JSONType> } : {}),
        }
      : null,
    credits_reserved: d.credits_reserved,
    credits_charged: d.credits_charged ?? null,
    duration_seconds: d.duration_seconds ?? null,
    completed_at: d.completed_at ?? null,
    cancellation: d.cancellation
      ? { cancelled_by: d.cancellation.cancelled_by, reason: d.cancellation.reason, cancelled_at: d.cancellation.cancelled_at }
      : null,
    expiry: d.expiry ? { reason: d.expiry.reason, expired_at: d.expiry.expired_at } : null,
    metadata: d.metadata,
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}

/** The short text a model reads: the status, and what to do next. */
export function describeDeployment(d: DeploymentView): string {
  const by = d.expert ? ` by ${d.expert.name} (${d.expert.role})` : '';
  switch (d.status) {
    case 'pending':
      return `Deployment ${d.id} is pending: being routed to an expert (SLA deadline ${d.sla_deadline}). Check again later.`;
    case 'accepted':
      return `Deployment ${d.id} was accepted${by}; work has not started yet. Check again later.`;
    case 'in_progress':
      return `Deployment ${d.id} is in progress${by}. Check again later.`;
    case 'needs_input':
      return [
        `Deployment ${d.id} needs input: the expert${by} asks:`,
        '',
        d.question?.body ?? '(no question text)',
        '',
        `Answer with service.reply_to_deployment before ${d.question?.reply_deadline ?? 'the reply deadline'}, or the deployment expires.`,
      ].join('\n');
    case 'completed':
      return [
        `Deployment ${d.id} is completed${by} (${d.duration_seconds ?? 0} s, ${d.credits_charged ?? 0} credits charged). Output:`,
        '',
        ...outputLines(d),
      ].join('\n');
    case 'cancelled': {
      const why = d.cancellation ? ` by ${d.cancellation.cancelled_by}${d.cancellation.reason ? `: ${d.cancellation.reason}` : ''}` : '';
      return [`Deployment ${d.id} was cancelled${why}.`, ...(d.output ? ['Partial output:', '', ...outputLines(d)] : [])].join('\n');
    }
    case 'expired':
      return `Deployment ${d.id} expired (${d.expiry?.reason ?? 'unknown reason'}) at ${d.expiry?.expired_at ?? d.updated_at}; its reserved credits were released.`;
  }
}

function outputLines(d: DeploymentView): string[] {
  if (!d.output) return ['(no output)'];
  const attachments = d.output.attachments.map((a) => `- ${a.name} (${a.content_type}, ${a.size_bytes} bytes): ${a.url}`);
  const typed = d.output.data !== undefined ? ['', 'Typed answer (output.data, valid against your output_schema):', JSON.stringify(d.output.data)] : [];
  return [d.output.body, ...(attachments.length > 0 ? ['', 'Attachments:', ...attachments] : []), ...typed];
}
