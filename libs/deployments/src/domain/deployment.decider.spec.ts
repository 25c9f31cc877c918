/**
 * Rules of the decider beyond the matrix: `deployment.in_progress` fires once, one question per
 * deployment, only the assigned expert acts, messages name the state, and decide is pure.
 */
import { DomainError } from '@eh/contracts';
import type { DeploymentEvent } from '@eh/contracts';
import type { DeploymentCommand } from './deployment.commands';
import { decide } from './deployment.decider';
import { foldDeployment } from './deployment.evolve';
import { given, thrownBy } from './testing/decider.given-when-then';
import { DEP, ev, EXPERT, HISTORIES, OUTPUT, STRANGER, T } from './testing/deployment.fixtures';

const start = (expertId = EXPERT.id): DeploymentCommand => ({ type: 'start', expertId, now: T.now });
const ask = (expertId = EXPERT.id): DeploymentCommand => ({
  type: 'ask_question',
  expertId,
  question: 'Another one?',
  replyDeadline: T.nowDeadline,
  now: T.now,
});
const publish = (expertId = EXPERT.id): DeploymentCommand => ({
  type: 'publish',
  expertId,
  output: OUTPUT,
  creditsCharged: 10,
  durationSeconds: 60,
  now: T.now,
});
const expertCancel = (expertId?: string): DeploymentCommand => ({
  type: 'cancel',
  by: 'expert',
  reason: 'conflict of interest',
  partialOutput: null,
  ...(expertId === undefined ? {} : { expertId }),
  now: T.now,
});

const deepFreeze = <V>(value: V): V => {
  if (value !== null && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
};

describe('deployment decider', () => {
  describe('deployment.in_progress fires once per deployment', () => {
    it('a reply returns to in_progress through reply_received, not a second in_progress', () => {
      given(HISTORIES.needs_input)
        .when({ type: 'reply', body: 'Acme.', contextFiles: [], now: T.now })
        .then([
          {
            type: 'deployment.reply_received',
            data: { deployment_id: DEP, body: 'Acme.', context_files: [], replied_at: T.now },
          },
        ]);
      expect(foldDeployment([...HISTORIES.needs_input, ev.replied()]).status).toBe('in_progress');
    });

    it('refuses start after the reply, so the stream holds one deployment.in_progress', () => {
      given(HISTORIES.answered).when(start()).thenThrows('invalid_state_transition');
      given(HISTORIES.in_progress).when(start()).thenThrows('invalid_state_transition');
      const count = HISTORIES.answered.filter((event) => event.type === 'deployment.in_progress').length;
      expect(count).toBe(1);
    });
  });

  describe('one clarifying question per deployment', () => {
    it('refuses a second question after the reply and while the first is open', () => {
      given(HISTORIES.answered).when(ask()).thenThrows('question_already_asked');
      given(HISTORIES.needs_input).when(ask()).thenThrows('question_already_asked');
    });

    it('lets the expert publish after the answered question', () => {
      const events = decide(publish(), foldDeployment(HISTORIES.answered));
      expect(events.map((event) => event.type)).toEqual(['deployment.completed']);
    });
  });

  describe('only the assigned expert acts', () => {
    it.each<[string, DeploymentEvent[], DeploymentCommand]>([
      ['start', HISTORIES.accepted, start(STRANGER)],
      ['ask_question', HISTORIES.in_progress, ask(STRANGER)],
      ['publish', HISTORIES.in_progress, publish(STRANGER)],
      ['publish after a reply', HISTORIES.answered, publish(STRANGER)],
      ['cancel by another expert', HISTORIES.needs_input, expertCancel(STRANGER)],
      ['cancel by an expert without an id', HISTORIES.accepted, expertCancel()],
    ])('refuses %s from a stranger with expert_not_assigned', (_name, history, command) => {
      const error = given(history).when(command).thenThrows('expert_not_assigned');
      expect(error.message).toContain(EXPERT.id);
    });

    it('checks the state before the expert, so a wrong state wins over a wrong expert', () => {
      given(HISTORIES.pending).when(start(STRANGER)).thenThrows('invalid_state_transition');
      given(HISTORIES.completed).when(publish(STRANGER)).thenThrows('invalid_state_transition');
    });
  });

  describe('messages name the deployment and its state', () => {
    it('explains a refused agent cancel', () => {
      const cancel: DeploymentCommand = { type: 'cancel', by: 'agent', reason: 'x', partialOutput: null, now: T.now };
      const error = given(HISTORIES.in_progress).when(cancel).thenThrows('deployment_not_cancellable');
      expect(error.message).toBe(
        'deployment dep_01JAAAAAAAAAAAAAAAAAAAAAAA is in_progress; only pending or accepted deployments can be cancelled by the agent',
      );
    });

    it('explains a reply outside needs_input, and a command on a missing deployment', () => {
      const reply: DeploymentCommand = { type: 'reply', body: 'x', contextFiles: [], now: T.now };
      expect(given(HISTORIES.completed).when(reply).thenThrows('deployment_not_awaiting_input').message).toBe(
        'deployment dep_01JAAAAAAAAAAAAAAAAAAAAAAA is completed; only needs_input deployments take a reply',
      );
      expect(given([]).when(reply).thenThrows('not_found').message).toBe('deployment not found');
    });
  });

  it('is pure: it neither mutates the state nor the command', () => {
    const state = deepFreeze(foldDeployment(HISTORIES.needs_input));
    const command = deepFreeze<DeploymentCommand>({ type: 'reply', body: 'b', contextFiles: ['f'], now: T.now });
    expect(decide(command, state)).toEqual(decide(command, state));
  });

  it('refuses an unknown command type (JSON from the wire) with invalid_request', () => {
    const unknown = { type: 'teleport', now: T.now } as unknown as DeploymentCommand;
    const error = thrownBy(() => decide(unknown, foldDeployment(HISTORIES.pending)));
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('invalid_request');
  });
});
