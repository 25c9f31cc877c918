/**
 * evolve is total: every event type is handled in every state, never
 * throws, and an event that does not fit leaves the state untouched (the same object).
 */
import type { DeploymentEvent, DeploymentEventType } from '@eh/contracts';
import { evolve, foldDeployment } from './deployment.evolve';
import { initialDeploymentState } from './deployment.state';
import type { DeploymentState } from './deployment.state';
import { createdData, ev, EXPERT, HISTORIES, HISTORY_NAMES, OUTPUT, PARTIAL, T } from './testing/deployment.fixtures';
import type { HistoryName } from './testing/deployment.fixtures';

/** One sample of every event type; the Record type makes a new event type a compile error here. */
const SAMPLES: Record<DeploymentEventType, DeploymentEvent> = {
  'deployment.created': ev.created(),
  'deployment.routing_started': ev.routingStarted(),
  'deployment.offered': ev.offered(),
  'deployment.offer_declined': ev.declined(),
  'deployment.offer_expired': ev.offerExpired(),
  'deployment.accepted': ev.accepted(),
  'deployment.in_progress': ev.started(),
  'deployment.needs_input': ev.asked(),
  'deployment.reply_received': ev.replied(),
  'deployment.completed': ev.completed(),
  'deployment.cancelled': ev.cancelled(),
  'deployment.expired': ev.expired(),
  'deployment.feedback_given': ev.feedbackGiven(),
};
const EVENT_TYPES = Object.keys(SAMPLES) as DeploymentEventType[];

const ENTERS: Record<DeploymentEventType, DeploymentState['status']> = {
  'deployment.created': 'pending',
  'deployment.routing_started': 'pending',
  'deployment.offered': 'pending',
  'deployment.offer_declined': 'pending',
  'deployment.offer_expired': 'pending',
  'deployment.accepted': 'accepted',
  'deployment.in_progress': 'in_progress',
  'deployment.needs_input': 'needs_input',
  'deployment.reply_received': 'in_progress',
  'deployment.completed': 'completed',
  'deployment.cancelled': 'cancelled',
  'deployment.expired': 'expired',
  'deployment.feedback_given': 'completed',
};

/** Routing events are internal and leave updated_at alone (deployment.routing.evolve.ts). */
const TIME_OF: Record<DeploymentEventType, string | 'unchanged'> = {
  'deployment.created': T.created,
  'deployment.routing_started': 'unchanged',
  'deployment.offered': 'unchanged',
  'deployment.offer_declined': 'unchanged',
  'deployment.offer_expired': 'unchanged',
  'deployment.accepted': T.accepted,
  'deployment.in_progress': T.started,
  'deployment.needs_input': T.asked,
  'deployment.reply_received': T.replied,
  'deployment.completed': T.ended,
  'deployment.cancelled': T.ended,
  'deployment.expired': T.ended,
  // A rating is no change of the work: the object's updated_at stays the completion's.
  'deployment.feedback_given': 'unchanged',
};

/** Which events move each state; all others are ignored. */
const MOVES: Record<HistoryName, DeploymentEventType[]> = {
  initial: ['deployment.created'],
  scheduled: ['deployment.routing_started', 'deployment.accepted', 'deployment.cancelled', 'deployment.expired'],
  pending: ['deployment.offered', 'deployment.accepted', 'deployment.cancelled', 'deployment.expired'],
  offered: ['deployment.offer_declined', 'deployment.offer_expired', 'deployment.accepted', 'deployment.cancelled', 'deployment.expired'],
  passed_over: ['deployment.offered', 'deployment.accepted', 'deployment.cancelled', 'deployment.expired'],
  accepted: ['deployment.in_progress', 'deployment.cancelled'],
  in_progress: ['deployment.needs_input', 'deployment.completed', 'deployment.cancelled'],
  needs_input: ['deployment.reply_received', 'deployment.cancelled', 'deployment.expired'],
  answered: ['deployment.completed', 'deployment.cancelled'],
  completed: ['deployment.feedback_given'],
  cancelled: [],
  expired: [],
};

/** What the state keeps of work EXPERT accepted and started, whatever happened to it next. */
const STARTED_BY_EXPERT = { details: createdData(), expert: EXPERT, accepted_at: T.accepted, started_at: T.started };

describe('evolve', () => {
  const cells = HISTORY_NAMES.flatMap((name) => EVENT_TYPES.map((type) => [name, type] as const));

  it.each(cells)('%s + %s', (name, type) => {
    const state = foldDeployment(HISTORIES[name]);
    const next = evolve(state, SAMPLES[type]);
    if (MOVES[name].includes(type)) {
      expect(next.status).toBe(ENTERS[type]);
      expect(next).not.toBe(state);
      // updated_at is the time carried by the last public event applied.
      const time = TIME_OF[type];
      expect(next).toHaveProperty('updated_at', time === 'unchanged' ? (state as { updated_at: string }).updated_at : time);
    } else {
      expect(next).toBe(state);
    }
  });

  it('keeps the first rating: a second feedback event changes nothing', () => {
    const rated = foldDeployment([...HISTORIES.completed, ev.feedbackGiven(2, 'Off brief.')]);
    expect(rated).toMatchObject({ status: 'completed', feedback: { rating: 2, comment: 'Off brief.', given_at: T.now } });
    expect(evolve(rated, ev.feedbackGiven(5, null))).toBe(rated);
  });

  it('ignores an event type it does not know (a newer writer)', () => {
    const state = foldDeployment(HISTORIES.in_progress);
    const unknown = { type: 'deployment.teleported', data: {} } as unknown as DeploymentEvent;
    expect(evolve(state, unknown)).toBe(state);
  });

  it('does not mutate the state it is given', () => {
    const state = Object.freeze(foldDeployment(HISTORIES.needs_input));
    const copy = structuredClone(state);
    evolve(state, ev.replied());
    expect(state).toStrictEqual(copy);
  });

  it('folds nothing to the initial state', () => {
    expect(foldDeployment([])).toBe(initialDeploymentState);
    expect(initialDeploymentState).toStrictEqual({ status: 'initial' });
  });

  it('keeps the answered question when back in progress', () => {
    expect(foldDeployment(HISTORIES.answered)).toStrictEqual({
      status: 'in_progress',
      ...STARTED_BY_EXPERT,
      clarification: {
        question: { body: 'Which competitor?', asked_at: T.asked, reply_deadline: T.replyDeadline },
        reply: { body: 'Acme.', context_files: ['https://files.example.com/b.pdf'], replied_at: T.replied },
      },
      updated_at: T.replied,
    });
  });

  it('keeps the work done so far on a cancellation from needs_input', () => {
    expect(foldDeployment([...HISTORIES.needs_input, ev.cancelled(PARTIAL)])).toStrictEqual({
      status: 'cancelled',
      ...STARTED_BY_EXPERT,
      clarification: {
        question: { body: 'Which competitor?', asked_at: T.asked, reply_deadline: T.replyDeadline },
        reply: null,
      },
      cancelled_by: 'agent',
      reason: 'not needed',
      partial_output: PARTIAL,
      cancelled_at: T.ended,
      updated_at: T.ended,
    });
  });

  it('records the settlement on completion', () => {
    const state = foldDeployment(HISTORIES.completed);
    expect(state).toMatchObject({
      status: 'completed',
      output: OUTPUT,
      credits_charged: 90,
      duration_seconds: 180,
      completed_at: T.ended,
      clarification: null,
    });
  });

  it('refuses a second question even in a hand-written stream', () => {
    const twice = [...HISTORIES.answered, ev.asked()];
    expect(foldDeployment(twice)).toStrictEqual(foldDeployment(HISTORIES.answered));
  });
});
