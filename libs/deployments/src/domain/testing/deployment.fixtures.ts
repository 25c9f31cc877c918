/**
 * Event histories and commands shared by the domain specs. Each state of the
 * deployment is built from events, never by hand, so the fixtures go through
 * the same `evolve` the services use.
 */
import type { DeploymentCreated, DeploymentEvent, ExpertRef, MatchExplanation, Output } from '@eh/contracts';

export const DEP = 'dep_01JAAAAAAAAAAAAAAAAAAAAAAA';
export const EXPERT: ExpertRef = { id: 'spec_01JBBBBBBBBBBBBBBBBBBBBBBB', name: 'Ada Lane', role: 'Brand strategist' };
export const STRANGER = 'spec_01JCCCCCCCCCCCCCCCCCCCCCCC';

/** History times, one minute apart, then the time every command in the specs carries. */
export const T = {
  created: '2025-03-01T10:00:00.000Z',
  offered: '2025-03-01T10:00:30.000Z',
  declined: '2025-03-01T10:00:45.000Z',
  scheduledFor: '2025-03-01T10:30:00.000Z',
  /** The open offer's end: after T.now, so the matrix's accept is in time. */
  offerExpires: '2025-03-01T12:00:00.000Z',
  accepted: '2025-03-01T10:01:00.000Z',
  started: '2025-03-01T10:02:00.000Z',
  asked: '2025-03-01T10:03:00.000Z',
  replied: '2025-03-01T10:04:00.000Z',
  ended: '2025-03-01T10:05:00.000Z',
  replyDeadline: '2025-03-02T10:03:00.000Z',
  now: '2025-03-01T11:00:00.000Z',
  nowDeadline: '2025-03-02T11:00:00.000Z',
} as const;

export const MATCH: MatchExplanation = {
  covered_skills: ['copywriting', 'positioning'],
  coverage: 1,
  median_turnaround_minutes: 45,
  speed: 0.5714,
  brief_fit: 0,
  completed_for_workspace: 0,
  score: 0.3429,
  weights: { speed: 0.6, brief_fit: 0.4 },
  rank: 1,
  candidates: 3,
  passed_over: [],
};

export const OUTPUT: Output = { format: 'markdown', body: '# Positioning\nThree options.', attachments: [] };
export const PARTIAL: Output = { format: 'markdown', body: '# Draft', attachments: [] };

export const createdData = (createdAt: string = T.created): DeploymentCreated['data'] => ({
  deployment_id: DEP,
  workspace_id: 'ws_01JDDDDDDDDDDDDDDDDDDDDDDD',
  mode: 'live',
  brief: 'Rewrite the pricing page hero. Keep the voice dry.',
  skills: ['copywriting', 'positioning'],
  urgency: 'priority',
  scheduled_for: null,
  context_url: 'https://example.com/pricing',
  context_files: ['https://files.example.com/a.pdf?sig=1'],
  metadata: { ticket: 'OPS-12' },
  webhook_url: null,
  sla_deadline: '2025-03-01T11:00:00.000Z',
  credits_reserved: 120,
  created_at: createdAt,
});

export const ev = {
  created: (): DeploymentEvent => ({ type: 'deployment.created', data: createdData() }),
  createdScheduled: (): DeploymentEvent => ({
    type: 'deployment.created',
    data: { ...createdData(), urgency: 'scheduled', scheduled_for: T.scheduledFor },
  }),
  routingStarted: (): DeploymentEvent => ({
    type: 'deployment.routing_started',
    data: { deployment_id: DEP, started_at: T.scheduledFor },
  }),
  offered: (expert: ExpertRef = EXPERT, offerNumber = 1): DeploymentEvent => ({
    type: 'deployment.offered',
    data: {
      deployment_id: DEP,
      offer_number: offerNumber,
      expert,
      match: MATCH,
      offered_at: T.offered,
      offer_expires_at: T.offerExpires,
    },
  }),
  declined: (offerNumber = 1): DeploymentEvent => ({
    type: 'deployment.offer_declined',
    data: { deployment_id: DEP, offer_number: offerNumber, expert_id: EXPERT.id, reason: 'busy', declined_at: T.declined },
  }),
  offerExpired: (offerNumber = 1): DeploymentEvent => ({
    type: 'deployment.offer_expired',
    data: { deployment_id: DEP, offer_number: offerNumber, expert_id: EXPERT.id, expired_at: T.offerExpires },
  }),
  accepted: (): DeploymentEvent => ({
    type: 'deployment.accepted',
    data: { deployment_id: DEP, expert: EXPERT, accepted_at: T.accepted },
  }),
  started: (): DeploymentEvent => ({ type: 'deployment.in_progress', data: { deployment_id: DEP, started_at: T.started } }),
  asked: (): DeploymentEvent => ({
    type: 'deployment.needs_input',
    data: { deployment_id: DEP, question: 'Which competitor?', asked_at: T.asked, reply_deadline: T.replyDeadline },
  }),
  replied: (): DeploymentEvent => ({
    type: 'deployment.reply_received',
    data: { deployment_id: DEP, body: 'Acme.', context_files: ['https://files.example.com/b.pdf'], replied_at: T.replied },
  }),
  completed: (): DeploymentEvent => ({
    type: 'deployment.completed',
    data: { deployment_id: DEP, output: OUTPUT, credits_charged: 90, duration_seconds: 180, completed_at: T.ended },
  }),
  feedbackGiven: (rating = 4, comment: string | null = 'Sharp and on brief.'): DeploymentEvent => ({
    type: 'deployment.feedback_given',
    data: { deployment_id: DEP, expert_id: EXPERT.id, rating, comment, given_at: T.now },
  }),
  cancelled: (partial: Output | null = null): DeploymentEvent => ({
    type: 'deployment.cancelled',
    data: { deployment_id: DEP, cancelled_by: 'agent', reason: 'not needed', partial_output: partial, cancelled_at: T.ended },
  }),
  expired: (): DeploymentEvent => ({
    type: 'deployment.expired',
    data: { deployment_id: DEP, reason: 'not_accepted', expired_at: T.ended },
  }),
};

/**
 * One history per state of the matrix; `answered` is in_progress again after a reply.
 * Three pending ones: `scheduled` (routing not started), `pending` (routing, no offer),
 * `offered` (EXPERT holds offer 1), `passed_over` (EXPERT declined offer 1).
 */
export const HISTORIES = {
  initial: [],
  scheduled: [ev.createdScheduled()],
  pending: [ev.created()],
  offered: [ev.created(), ev.offered()],
  passed_over: [ev.created(), ev.offered(), ev.declined()],
  accepted: [ev.created(), ev.offered(), ev.accepted()],
  in_progress: [ev.created(), ev.offered(), ev.accepted(), ev.started()],
  needs_input: [ev.created(), ev.offered(), ev.accepted(), ev.started(), ev.asked()],
  answered: [ev.created(), ev.offered(), ev.accepted(), ev.started(), ev.asked(), ev.replied()],
  completed: [ev.created(), ev.offered(), ev.accepted(), ev.started(), ev.completed()],
  cancelled: [ev.created(), ev.cancelled()],
  expired: [ev.created(), ev.expired()],
} satisfies Record<string, DeploymentEvent[]>;

export type HistoryName = keyof typeof HISTORIES;
export const HISTORY_NAMES = Object.keys(HISTORIES) as HistoryName[];
