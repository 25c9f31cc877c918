/**
 * Property: any sequence of commands applied through decide/evolve keeps the invariants of
 * the state transitions: a terminal state never changes, `deployment.in_progress`
 * fires at most once, at most one question is asked, every emitted event
 * moves the state, refusals are DomainErrors, and the fold of what was emitted is the state.
 */
import fc from 'fast-check';
import { DomainError } from '@eh/contracts';
import type { CancelledBy, DeploymentEvent, ExpiryReason } from '@eh/contracts';
import type { DeploymentCommand } from './deployment.commands';
import { decide } from './deployment.decider';
import { evolve, foldDeployment } from './deployment.evolve';
import { initialDeploymentState, isTerminal } from './deployment.state';
import type { DeploymentState } from './deployment.state';
import { createdData, EXPERT, MATCH, OUTPUT, PARTIAL, STRANGER, T } from './testing/deployment.fixtures';

const now = fc.constantFrom(T.created, T.now, T.nowDeadline);
const expertId = fc.constantFrom(EXPERT.id, EXPERT.id, STRANGER);
const OTHER = { id: STRANGER, name: 'Bo Reed', role: 'Copywriter' };
const expert = fc.constantFrom(EXPERT, EXPERT, OTHER);

const command: fc.Arbitrary<DeploymentCommand> = fc.oneof(
  now.map((at): DeploymentCommand => ({ type: 'create', data: createdData(at) })),
  fc.tuple(expert, now).map(([who, at]): DeploymentCommand => ({ type: 'accept', expert: who, now: at })),
  fc.tuple(expert, now).map(([who, at]): DeploymentCommand => ({ type: 'offer', expert: who, match: MATCH, expiresAt: T.nowDeadline, now: at })),
  fc.tuple(expertId, now).map(([id, at]): DeploymentCommand => ({ type: 'decline', expertId: id, reason: 'r', now: at })),
  fc.tuple(fc.integer({ min: 1, max: 3 }), now).map(([n, at]): DeploymentCommand => ({ type: 'expire_offer', offerNumber: n, now: at })),
  now.map((at): DeploymentCommand => ({ type: 'start_routing', now: at })),
  fc.tuple(expertId, now).map(([id, at]): DeploymentCommand => ({ type: 'start', expertId: id, now: at })),
  fc.tuple(expertId, now).map(
    ([id, at]): DeploymentCommand => ({
      type: 'ask_question',
      expertId: id,
      question: 'q?',
      replyDeadline: T.nowDeadline,
      now: at,
    }),
  ),
  now.map((at): DeploymentCommand => ({ type: 'reply', body: 'a.', contextFiles: [], now: at })),
  fc.tuple(expertId, now).map(
    ([id, at]): DeploymentCommand => ({
      type: 'publish',
      expertId: id,
      output: OUTPUT,
      creditsCharged: 5,
      durationSeconds: 60,
      now: at,
    }),
  ),
  fc
    .record({
      by: fc.constantFrom<CancelledBy[]>('agent', 'expert', 'operations'),
      expertId: fc.option(expertId, { nil: undefined }),
      partialOutput: fc.constantFrom(null, PARTIAL),
      now,
    })
    .map(({ by, expertId: id, partialOutput, now: at }): DeploymentCommand => {
      const base = { type: 'cancel', by, reason: 'r', partialOutput, now: at } as const;
      return id === undefined ? base : { ...base, expertId: id };
    }),
  fc
    .tuple(fc.constantFrom<ExpiryReason[]>('not_accepted', 'question_unanswered'), now)
    .map(([reason, at]): DeploymentCommand => ({ type: 'expire', reason, now: at })),
);

const at = T.now;
const OPENING: DeploymentCommand[] = [
  { type: 'create', data: createdData(T.created) },
  { type: 'offer', expert: OTHER, match: MATCH, expiresAt: T.nowDeadline, now: at },
  { type: 'decline', expertId: OTHER.id, reason: 'r', now: at },
  { type: 'offer', expert: EXPERT, match: MATCH, expiresAt: T.nowDeadline, now: at },
  { type: 'accept', expert: EXPERT, now: at },
  { type: 'start', expertId: EXPERT.id, now: at },
  { type: 'ask_question', expertId: EXPERT.id, question: 'q?', replyDeadline: T.nowDeadline, now: at },
];
const HAPPY_PATHS: DeploymentCommand[][] = [
  [
    ...OPENING,
    { type: 'reply', body: 'a.', contextFiles: [], now: at },
    { type: 'publish', expertId: EXPERT.id, output: OUTPUT, creditsCharged: 5, durationSeconds: 60, now: at },
  ],
  [...OPENING, { type: 'expire', reason: 'question_unanswered', now: at }],
  [...OPENING, { type: 'cancel', by: 'operations', reason: 'r', partialOutput: null, now: at }],
];

interface Run {
  state: DeploymentState;
  emitted: DeploymentEvent[];
}

/** Applies the commands one by one, asserting the per-step invariants. */
function run(commands: DeploymentCommand[], seen: Set<string>): Run {
  let state = initialDeploymentState;
  const emitted: DeploymentEvent[] = [];
  for (const cmd of commands) {
    let events: DeploymentEvent[];
    try {
      events = decide(cmd, state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      continue;
    }
    if (isTerminal(state)) throw new Error(`a ${state.status} deployment accepted ${cmd.type}`);
    for (const event of events) {
      const next = evolve(state, event);
      if (next === state) throw new Error(`${event.type} emitted by decide did not fit ${state.status}`);
      state = next;
      emitted.push(event);
    }
    seen.add(state.status);
  }
  return { state, emitted };
}

const TERMINAL_EVENTS: DeploymentEvent['type'][] = ['deployment.completed', 'deployment.cancelled', 'deployment.expired'];

const count = (events: DeploymentEvent[], type: DeploymentEvent['type']): number => events.filter((event) => event.type === type).length;

/** The most offers open at once along the stream (never more than one). */
function maxOpenOffers(events: DeploymentEvent[]): number {
  let open = 0;
  let max = 0;
  for (const event of events) {
    if (event.type === 'deployment.offered') open += 1;
    const closes = ['deployment.offer_declined', 'deployment.offer_expired', 'deployment.accepted', 'deployment.cancelled', 'deployment.expired'];
    if (closes.includes(event.type)) open = 0;
    max = Math.max(max, open);
  }
  return max;
}

describe('deployment decider properties', () => {
  it('never leaves a terminal state and fires deployment.in_progress at most once', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.array(command, { maxLength: 40, size: 'medium' }), (commands) => {
        const { state, emitted } = run(commands, seen);
        expect(count(emitted, 'deployment.in_progress')).toBeLessThanOrEqual(1);
        expect(count(emitted, 'deployment.needs_input')).toBeLessThanOrEqual(1);
        expect(count(emitted, 'deployment.created')).toBeLessThanOrEqual(1);
        expect(maxOpenOffers(emitted)).toBeLessThanOrEqual(1);
        // Only an offered expert accepts a live deployment.
        const accepted = emitted.find((e) => e.type === 'deployment.accepted');
        if (accepted?.type === 'deployment.accepted') {
          const offers = emitted.filter((e) => e.type === 'deployment.offered');
          const last = offers[offers.length - 1];
          expect(last?.type === 'deployment.offered' && last.data.expert.id).toBe(accepted.data.expert.id);
        }
        const terminal = emitted.filter((e) => TERMINAL_EVENTS.includes(e.type));
        expect(terminal.length).toBeLessThanOrEqual(1);
        if (terminal.length === 1) expect(emitted[emitted.length - 1]).toBe(terminal[0]);
        expect(foldDeployment(emitted)).toStrictEqual(state);
      }),
      // Random runs rarely walk the whole happy path, so these always run as well.
      { numRuns: 1000, examples: HAPPY_PATHS.map((path) => [path]) },
    );
    // The generator must reach every state, or the property says little.
    expect([...seen].sort()).toEqual(['accepted', 'cancelled', 'completed', 'expired', 'in_progress', 'needs_input', 'pending'].sort());
  });
});
