import { DEPLOYMENT_STATUSES, MEMORY_KINDS, URGENCIES, type CancelledBy, type ExpiryReason } from '@eh/contracts';
import type { AttachmentResource } from '@eh/attachments';
import type { EarlierWork, EarningsByPeriod, EarningsItem, EarningsPeriod, ExpertDeploymentView, ExpertEarnings, MissedOffer } from '@eh/deployments';
import type { ExpertMemory, ExpertMemoryEntry } from '@eh/memory';
import type { InvitationPreview } from '../../../identity/console-auth.service';
import type { SessionPrincipal, SessionResource } from '../../../identity/session.resource';
import { DASHBOARD_CONSOLE_SCHEMAS } from './dashboard-console.schemas';
import { NOTIFICATION_SCHEMAS } from './notification.schemas';
import type { DraftResource } from '../../../deployments/expert-draft.controller';
import type { ExpertDeploymentWithMemory } from '../../../deployments/expert-memory.reader';
import type { ExpertSelfEntry, RosterEntry } from '@eh/routing';
import type { ExpertWorkItemWithEstimate } from '../../../deployments/expert-offer-estimate';
import { componentRef, enumOf, idOf, objectOf, orNull, timestamp, type JsonSchema, type PropertiesOf } from '../json-schema';
import { errorSchema } from '../schemas/error.schema';
import { expertSchema } from '../schemas/expert.schema';

/**
 * Response bodies of /expert/v1 and /console/api/v1, each typed against the type its
 * handler returns: a field added to the view fails the type check here until it is documented.
 * Component names are stable: the console's generated client refers to them.
 */
const credits: JsonSchema = { type: 'integer', minimum: 0 };
const text: JsonSchema = { type: 'string' };
const status: JsonSchema = { type: 'string', enum: [...DEPLOYMENT_STATUSES] };

const attachmentShown = objectOf<{ name: string; url: string; content_type: string; size_bytes: number }>({
  name: text,
  url: { type: 'string', format: 'uri', description: 'A link the expert gave, or a signed URL of an upload (valid 24 h from this reading).' },
  content_type: text,
  size_bytes: { type: 'integer', minimum: 0 },
});

const output = objectOf<NonNullable<ExpertDeploymentView['output']>>(
  {
    format: { type: 'string', enum: ['markdown'] },
    body: { type: 'string', description: 'Markdown text.' },
    attachments: { type: 'array', items: attachmentShown },
    data: { type: 'object', additionalProperties: true, description: 'The typed answer, when the deployment has an output schema.' },
  },
  { optional: ['data'] },
);

const memoryEntry = objectOf<ExpertMemoryEntry>({
  key: text,
  kind: { type: 'string', enum: [...MEMORY_KINDS] },
  body: { type: 'string', description: 'Markdown.' },
  updated_at: timestamp(),
  named: { type: 'boolean', description: 'The handoff named this entry: read it first.' },
});

const memory = objectOf<ExpertMemory>({
  named_keys: { type: 'array', items: text },
  missing_keys: { type: 'array', items: text, description: 'Named entries deleted since the handoff opened.' },
  entries: { type: 'array', items: memoryEntry },
  truncated: { type: 'boolean' },
});

const expertDeployment = objectOf<ExpertDeploymentWithMemory>(
  {
    id: idOf('deployment'),
    relation: {
      type: 'string',
      enum: enumOf<ExpertDeploymentView['relation']>({ offered: true, passed_over: true, assigned: true }),
      description: '`offered`: the open offer is yours; `assigned`: you accepted it.',
    },
    status,
    brief: text,
    skills: { type: 'array', items: text },
    urgency: { type: 'string', enum: [...URGENCIES] },
    scheduled_for: orNull(timestamp()),
    sla_deadline: timestamp('The SLA deadline: count down to it.'),
    context_url: orNull({ type: 'string', format: 'uri' }),
    context_files: { type: 'array', items: { type: 'string', format: 'uri' } },
    credits_reserved: { ...credits, description: 'Held for this work: the most the charge can settle at.' },
    offer: orNull(
      objectOf<NonNullable<ExpertDeploymentView['offer']>>({ offer_number: { type: 'integer', minimum: 1 }, offered_at: timestamp(), expires_at: timestamp() }),
    ),
    offer_expires_at: orNull(timestamp('When your open offer ends (accept or decline before); null unless the offer is yours.')),
    started_at: orNull(timestamp('When you started work (time tracking); null before.')),
    question: orNull(objectOf<NonNullable<ExpertDeploymentView['question']>>({ body: text, asked_at: timestamp(), reply_deadline: timestamp() })),
    reply: orNull(
      objectOf<NonNullable<ExpertDeploymentView['reply']>>({
        body: text,
        context_files: { type: 'array', items: { type: 'string', format: 'uri' } },
        replied_at: timestamp(),
      }),
    ),
    output: orNull(output),
    cancellation: orNull(
      objectOf<NonNullable<ExpertDeploymentView['cancellation']>>({
        cancelled_by: { type: 'string', enum: enumOf<CancelledBy>({ agent: true, expert: true, operations: true }) },
        reason: text,
        cancelled_at: timestamp(),
      }),
    ),
    expiry: orNull(
      objectOf<NonNullable<ExpertDeploymentView['expiry']>>({
        reason: { type: 'string', enum: enumOf<ExpiryReason>({ not_accepted: true, question_unanswered: true }) },
        expired_at: timestamp(),
      }),
    ),
    created_at: timestamp(),
    handoff: orNull(
      objectOf<NonNullable<ExpertDeploymentView['handoff']>>({ handoff_id: idOf('handoff'), artifact: text, memory_keys: { type: 'array', items: text } }),
    ),
    memory: orNull(memory),
    output_schema: {
      type: ['object', 'null'],
      additionalProperties: true,
      description: 'The JSON Schema (2020-12) the answer’s `data` must match on publish; null when the agent asked for prose only.',
    },
    follow_up_to: orNull({ ...idOf('deployment'), description: 'The completed deployment this one follows up; null for new work.' }),
    follow_up_of: orNull({
      ...objectOf<EarlierWork>({
        deployment_id: idOf('deployment'),
        brief: text,
        question: orNull(text),
        reply: orNull(text),
        output: orNull(output),
        completed_at: orNull(timestamp()),
      }),
      description: 'On a follow-up, the earlier work: yours from the offer on; another expert’s once the follow-up is assigned to you and while it is open.',
    }),
  },
  { description: 'A deployment as the expert it is offered or assigned to sees it; `memory` only while assigned and open.' },
);

const workItem = objectOf<ExpertWorkItemWithEstimate>({
  id: idOf('deployment'),
  status,
  brief: text,
  skills: { type: 'array', items: text },
  urgency: { type: 'string', enum: [...URGENCIES] },
  sla_deadline: timestamp('The matching deadline: the deployment expires if no expert has accepted it by then. Not a delivery deadline.'),
  offer_expires_at: orNull(timestamp('Set on an open offer: accept or decline before then.')),
  created_at: timestamp(),
  credits_reserved: { ...credits, description: 'Held for this work by the workspace: the most its charge can settle at.' },
  credits_estimate: {
    type: ['integer', 'null'],
    minimum: 0,
    description: 'What you can expect to earn: your rate for your median turnaround, at most `credits_reserved`; null when your roster entry is gone.',
  },
});

const session = objectOf<SessionResource>({
  object: { type: 'string', enum: ['session'] },
  // An expert, a workspace member or an operator.
  principal: {
    oneOf: [
      objectOf<Extract<SessionPrincipal, { kind: 'expert' }>>({
        kind: { type: 'string', const: 'expert' },
        id: idOf('expert'),
        name: text,
        email: { type: 'string', format: 'email' },
      }),
      objectOf<Extract<SessionPrincipal, { kind: 'member' }>>({
        kind: { type: 'string', const: 'member' },
        id: idOf('member'),
        name: text,
        email: { type: 'string', format: 'email' },
        workspace_id: idOf('workspace'),
        workspace_name: text,
        role: { type: 'string', enum: ['owner', 'developer'] },
      }),
      objectOf<Extract<SessionPrincipal, { kind: 'operator' }>>({
        kind: { type: 'string', const: 'operator' },
        id: idOf('operator'),
        name: text,
        email: { type: 'string', format: 'email' },
      }),
    ],
  },
  csrf_token: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$', description: 'Send it as `X-CSRF-Token` with every change made with the session cookie.' },
  expires_at: timestamp('When the session ends if unused (12 h idle), never later than 7 days after sign-in.'),
});

const attachment = objectOf<AttachmentResource>({
  object: { type: 'string', enum: ['attachment'] },
  id: idOf('attachment'),
  name: text,
  content_type: text,
  size_bytes: { type: 'integer', minimum: 1 },
});

const draft = objectOf<DraftResource>({
  body: { type: 'string', description: 'Markdown; empty until written.' },
  attachment_ids: { type: 'array', items: idOf('attachment') },
  attachments: {
    type: 'array',
    items: objectOf<DraftResource['attachments'][number]>({
      id: idOf('attachment'),
      name: text,
      content_type: text,
      size_bytes: { type: 'integer', minimum: 1 },
    }),
  },
  duration_seconds: { type: ['integer', 'null'], minimum: 0, description: 'Null: not set by the expert (track time from `started_at`).' },
  credits_charged: { type: ['integer', 'null'], minimum: 0, description: 'Null: not set by the expert (propose a charge, capped at `credits_reserved`).' },
  updated_at: orNull(timestamp('Null until first saved.')),
});

const earnings = objectOf<ExpertEarnings>({
  completed_count: { type: 'integer', minimum: 0 },
  credits_earned: credits,
  ratings: {
    ...objectOf<ExpertEarnings['ratings']>({ mean: { type: ['number', 'null'], minimum: 1, maximum: 5 }, count: { type: 'integer', minimum: 0 } }),
    description: 'The agents’ ratings (1–5) of your completed work: the mean, null with none, and how many.',
  },
  data: {
    type: 'array',
    description: 'The latest 100 completed deployments, most recent first.',
    items: objectOf<EarningsItem>({
      deployment_id: idOf('deployment'),
      completed_at: timestamp(),
      credits_charged: credits,
      duration_seconds: { type: 'integer', minimum: 0 },
      brief_excerpt: text,
      feedback: orNull({
        ...objectOf<NonNullable<EarningsItem['feedback']>>({ rating: { type: 'integer', minimum: 1, maximum: 5 }, comment: orNull(text) }),
        description: 'The agent’s rating and comment, once given.',
      }),
    }),
  },
});

const earningsByPeriod = objectOf<EarningsByPeriod>({
  period: { type: 'string', enum: ['week', 'month'] },
  time_zone: { ...text, description: 'The IANA zone the periods are cut in.' },
  data: {
    type: 'array',
    description: 'Periods with completed work, newest first (at most 45).',
    items: objectOf<EarningsPeriod>({
      start: { type: 'string', format: 'date', description: 'The first day of the period in `time_zone` (a week starts on Monday).' },
      completed_count: { type: 'integer', minimum: 1 },
      credits_earned: credits,
    }),
  },
  total: {
    ...objectOf<EarningsByPeriod['total']>({ completed_count: { type: 'integer', minimum: 0 }, credits_earned: credits }),
    description: 'All completed work, whatever its period.',
  },
});

const missedOffer = objectOf<MissedOffer>({
  deployment_id: idOf('deployment'),
  skills: { type: 'array', items: text },
  credits_reserved: { ...credits, description: 'What the workspace reserved: the most the work would have paid.' },
  offered_at: timestamp(),
  ending: { type: 'string', enum: ['lapsed', 'declined'], description: '`lapsed`: the offer timed out unanswered; `declined`: you declined it.' },
  reason: orNull({ ...text, description: 'Your reason for a decline, when you gave one; null for a lapse.' }),
  ended_at: timestamp(),
});

const invitationPreview = objectOf<InvitationPreview>({
  kind: { type: 'string', enum: ['expert', 'member', 'operator'], description: 'Who the link makes of you.' },
  email: { type: 'string', format: 'email' },
  name: text,
  expires_at: timestamp(),
  workspace_name: { type: ['string', 'null'], description: 'The workspace a member joins; null otherwise.' },
  role: { type: ['string', 'null'], enum: ['owner', 'developer', null] },
});

/** Every component of the expert document; operations refer to these names. */
export const EXPERT_SCHEMAS: Record<string, JsonSchema> = {
  ExpertDeployment: expertDeployment,
  WorkItem: workItem,
  WorkItemList: objectOf<{ data: ExpertWorkItemWithEstimate[] }>({ data: { type: 'array', items: componentRef('WorkItem') } }),
  RosterEntry: objectOf<ExpertSelfEntry>(
    {
      ...(expertSchema.properties as PropertiesOf<RosterEntry>),
      available_until: orNull(timestamp('`online` ends at this time: no offers past it, and availability turns `offline`. Null: no end.')),
    },
    { description: 'The expert’s roster entry.' },
  ),
  Session: session,
  InvitationPreview: invitationPreview,
  Attachment: attachment,
  Draft: draft,
  Earnings: earnings,
  EarningsByPeriod: earningsByPeriod,
  MissedOffer: missedOffer,
  MissedOfferList: objectOf<{ data: MissedOffer[] }>({ data: { type: 'array', items: componentRef('MissedOffer') } }),
  ...NOTIFICATION_SCHEMAS,
  Error: errorSchema(),
  // The workspace dashboard's own bodies.
  ...DASHBOARD_CONSOLE_SCHEMAS,
};
