/**
 * Every (state × command) pair of the deployment decider, as one visible table
 * (the state transitions; decisions in deployment.decider.ts). `ok` means the
 * command produces exactly the column's events below; anything else is the error code.
 */
import type { CancelledBy, DeploymentEvent, ErrorCode, ExpiryReason, Output } from '@eh/contracts';
import type { DeploymentCommand } from './deployment.commands';
import { DEPLOYMENT_COMMAND_TYPES } from './deployment.commands';
import { foldDeployment } from './deployment.evolve';
import { DEPLOYMENT_STATE_STATUSES } from './deployment.state';
import { given } from './testing/decider.given-when-then';
import { createdData, DEP, EXPERT, HISTORIES, HISTORY_NAMES, MATCH, OUTPUT, PARTIAL, T } from './testing/deployment.fixtures';
import type { HistoryName } from './testing/deployment.fixtures';

const COLUMNS = [
  'create',
  'accept',
  'start',
  'ask_question',
  'reply',
  'publish',
  'cancel_agent',
  'cancel_expert',
  'cancel_operations',
  'expire_not_accepted',
  'expire_question_unanswered',
  'start_routing',
  'offer',
  'decline',
  'expire_offer',
  'give_feedback',
] as const;
type Column = (typeof COLUMNS)[number];
const FILE = 'https://files.example.com/c.pdf';

const COMMANDS: Record<Column, DeploymentCommand> = {
  create: { type: 'create', data: createdData(T.now) },
  accept: { type: 'accept', expert: EXPERT, now: T.now },
  start: { type: 'start', expertId: EXPERT.id, now: T.now },
  ask_question: {
    type: 'ask_question',
    expertId: EXPERT.id,
    question: 'Which audience?',
    replyDeadline: T.nowDeadline,
    now: T.now,
  },
  reply: { type: 'reply', body: 'Developers.', contextFiles: [FILE], now: T.now },
  publish: {
    type: 'publish',
    expertId: EXPERT.id,
    output: OUTPUT,
    creditsCharged: 75,
    durationSeconds: 3300,
    now: T.now,
  },
  cancel_agent: { type: 'cancel', by: 'agent', reason: 'changed plans', partialOutput: null, now: T.now },
  cancel_expert: {
    type: 'cancel',
    by: 'expert',
    reason: 'out of scope',
    partialOutput: PARTIAL,
    expertId: EXPERT.id,
    now: T.now,
  },
  cancel_operations: { type: 'cancel', by: 'operations', reason: 'abuse review', partialOutput: null, now: T.now },
  expire_not_accepted: { type: 'expire', reason: 'not_accepted', now: T.now },
  expire_question_unanswered: { type: 'expire', reason: 'question_unanswered', now: T.now },
  start_routing: { type: 'start_routing', now: T.now },
  offer: { type: 'offer', expert: EXPERT, match: MATCH, expiresAt: T.nowDeadline, now: T.now },
  decline: { type: 'decline', expertId: EXPERT.id, reason: 'on leave', now: T.now },
  // The offer timer fires at the offer's end, not at T.now (before it).
  expire_offer: { type: 'expire_offer', offerNumber: 1, now: T.offerExpires },
  give_feedback: { type: 'give_feedback', rating: 4, comment: 'On brief.', now: T.now },
};

/** The exact events each column's command produces where the matrix says `ok`. */
const EVENTS: Record<Column, DeploymentEvent[]> = {
  create: [{ type: 'deployment.created', data: createdData(T.now) }],
  accept: [{ type: 'deployment.accepted', data: { deployment_id: DEP, expert: EXPERT, accepted_at: T.now } }],
  start: [{ type: 'deployment.in_progress', data: { deployment_id: DEP, started_at: T.now } }],
  ask_question: [
    {
      type: 'deployment.needs_input',
      data: { deployment_id: DEP, question: 'Which audience?', asked_at: T.now, reply_deadline: T.nowDeadline },
    },
  ],
  reply: [
    {
      type: 'deployment.reply_received',
      data: { deployment_id: DEP, body: 'Developers.', context_files: [FILE], replied_at: T.now },
    },
  ],
  publish: [
    {
      type: 'deployment.completed',
      data: { deployment_id: DEP, output: OUTPUT, credits_charged: 75, duration_seconds: 3300, completed_at: T.now },
    },
  ],
  cancel_agent: [cancelled('agent', 'changed plans', null)],
  cancel_expert: [cancelled('expert', 'out of scope', PARTIAL)],
  cancel_operations: [cancelled('operations', 'abuse review', null)],
  expire_not_accepted: [expired('not_accepted')],
  expire_question_unanswered: [expired('question_unanswered')],
  start_routing: [{ type: 'deployment.routing_started', data: { deployment_id: DEP, started_at: T.now } }],
  offer: [
    {
      type: 'deployment.offered',
      data: { deployment_id: DEP, offer_number: 1, expert: EXPERT, match: MATCH, offered_at: T.now, offer_expires_at: T.nowDeadline },
    },
  ],
  decline: [
    {
      type: 'deployment.offer_declined',
      data: { deployment_id: DEP, offer_number: 1, expert_id: EXPERT.id, reason: 'on leave', declined_at: T.now },
    },
  ],
  expire_offer: [{ type: 'deployment.offer_expired', data: { deployment_id: DEP, offer_number: 1, expert_id: EXPERT.id, expired_at: T.offerExpires } }],
  give_feedback: [{ type: 'deployment.feedback_given', data: { deployment_id: DEP, expert_id: EXPERT.id, rating: 4, comment: 'On brief.', given_at: T.now } }],
};

function cancelled(by: CancelledBy, reason: string, partial: Output | null): DeploymentEvent {
  const data = { deployment_id: DEP, cancelled_by: by, reason, partial_output: partial, cancelled_at: T.now };
  return { type: 'deployment.cancelled', data };
}

function expired(reason: ExpiryReason): DeploymentEvent {
  return { type: 'deployment.expired', data: { deployment_id: DEP, reason, expired_at: T.now } };
}

const OK = 'ok';
const NF = 'not_found' satisfies ErrorCode;
const AE = 'deployment_already_exists' satisfies ErrorCode;
const IST = 'invalid_state_transition' satisfies ErrorCode;
const NAI = 'deployment_not_awaiting_input' satisfies ErrorCode;
const NC = 'deployment_not_cancellable' satisfies ErrorCode;
const QAA = 'question_already_asked' satisfies ErrorCode;
const DNC = 'deployment_not_completed' satisfies ErrorCode;
type Outcome = typeof OK | ErrorCode;
/** One cell per column, in COLUMNS order; the tuple type makes a missing cell a compile error. */
type CellsOf<Columns extends readonly unknown[]> = { readonly [I in keyof Columns]: Outcome };
type Row = CellsOf<typeof COLUMNS>;

// prettier-ignore
const MATRIX: Record<HistoryName, Row> = {
  //           create accept start ask  reply publish  c.agent c.expert c.ops  exp.na exp.qu  st.rt offer decline exp.off  feedback
  initial: [OK, NF, NF, NF, NF, NF, NF, NF, NF, NF, NF, NF, NF, NF, NF, NF],
  scheduled: [AE, IST, IST, IST, NAI, IST, OK, IST, OK, OK, IST, OK, IST, IST, IST, DNC],
  pending: [AE, IST, IST, IST, NAI, IST, OK, IST, OK, OK, IST, IST, OK, IST, IST, DNC],
  offered: [AE, OK, IST, IST, NAI, IST, OK, IST, OK, OK, IST, IST, IST, OK, OK, DNC],
  passed_over: [AE, IST, IST, IST, NAI, IST, OK, IST, OK, OK, IST, IST, IST, IST, IST, DNC],
  accepted: [AE, IST, OK, IST, NAI, IST, OK, OK, OK, IST, IST, IST, IST, IST, IST, DNC],
  in_progress: [AE, IST, IST, OK, NAI, OK, NC, OK, OK, IST, IST, IST, IST, IST, IST, DNC],
  needs_input: [AE, IST, IST, QAA, OK, IST, NC, OK, OK, IST, OK, IST, IST, IST, IST, DNC],
  answered: [AE, IST, IST, QAA, NAI, OK, NC, OK, OK, IST, IST, IST, IST, IST, IST, DNC],
  completed: [AE, IST, IST, IST, NAI, IST, NC, IST, IST, IST, IST, IST, IST, IST, IST, OK],
  cancelled: [AE, IST, IST, IST, NAI, IST, NC, IST, IST, IST, IST, IST, IST, IST, IST, DNC],
  expired: [AE, IST, IST, IST, NAI, IST, NC, IST, IST, IST, IST, IST, IST, IST, IST, DNC],
};

/** The status each named history folds to. */
const STATUS_OF: Record<HistoryName, string> = {
  initial: 'initial',
  scheduled: 'pending',
  pending: 'pending',
  offered: 'pending',
  passed_over: 'pending',
  accepted: 'accepted',
  in_progress: 'in_progress',
  needs_input: 'needs_input',
  answered: 'in_progress',
  completed: 'completed',
  cancelled: 'cancelled',
  expired: 'expired',
};

const CANCELLERS = ['agent', 'expert', 'operations'] as const satisfies readonly CancelledBy[];
const EXPIRY_REASONS = ['not_accepted', 'question_unanswered'] as const satisfies readonly ExpiryReason[];
const everyCanceller: [Exclude<CancelledBy, (typeof CANCELLERS)[number]>] extends [never] ? true : false = true;
const everyReason: [Exclude<ExpiryReason, (typeof EXPIRY_REASONS)[number]>] extends [never] ? true : false = true;

describe('deployment decider: state × command matrix', () => {
  const cells = HISTORY_NAMES.flatMap((state) => COLUMNS.map((column, index) => [state, column, MATRIX[state][index]] as const));

  it.each(cells)('%s × %s → %s', (state, column, outcome) => {
    const when = given(HISTORIES[state]).when(COMMANDS[column]);
    if (outcome === OK) when.then(EVENTS[column]);
    else when.thenThrows(outcome);
  });

  describe('the matrix is exhaustive', () => {
    it('has a row for every state, and every state of the decider has a history', () => {
      expect(Object.keys(MATRIX).sort()).toEqual([...HISTORY_NAMES].sort());
      for (const name of HISTORY_NAMES) expect(foldDeployment(HISTORIES[name]).status).toBe(STATUS_OF[name]);
      const covered = new Set(HISTORY_NAMES.map((name) => foldDeployment(HISTORIES[name]).status));
      expect([...DEPLOYMENT_STATE_STATUSES].filter((status) => !covered.has(status))).toEqual([]);
    });

    it('has a cell for every column in every row', () => {
      for (const name of HISTORY_NAMES) expect(MATRIX[name]).toHaveLength(COLUMNS.length);
    });

    it('has a column for every command type, canceller and expiry reason', () => {
      const commands = COLUMNS.map((column) => COMMANDS[column]);
      expect([...new Set(commands.map((c) => c.type))].sort()).toEqual([...DEPLOYMENT_COMMAND_TYPES].sort());
      const cancels = commands.flatMap((c) => (c.type === 'cancel' ? [c.by] : []));
      expect(cancels.sort()).toEqual([...CANCELLERS].sort());
      const expiries = commands.flatMap((c) => (c.type === 'expire' ? [c.reason] : []));
      expect(expiries.sort()).toEqual([...EXPIRY_REASONS].sort());
      expect(everyCanceller && everyReason).toBe(true);
    });
  });
});
