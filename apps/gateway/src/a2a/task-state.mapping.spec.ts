import { DEPLOYMENT_STATUSES, type DeploymentStatus } from '@eh/contracts';
import { TaskState } from '@a2a-js/sdk';
import { endsStream, isFinalStatus, taskStateOf } from './task-state.mapping';

const EXPECTED: Record<DeploymentStatus, TaskState> = {
  pending: TaskState.TASK_STATE_SUBMITTED,
  accepted: TaskState.TASK_STATE_WORKING,
  in_progress: TaskState.TASK_STATE_WORKING,
  needs_input: TaskState.TASK_STATE_INPUT_REQUIRED,
  completed: TaskState.TASK_STATE_COMPLETED,
  cancelled: TaskState.TASK_STATE_CANCELED,
  expired: TaskState.TASK_STATE_FAILED,
};

/** The A2A states that are terminal (the spec's final states). */
const A2A_TERMINAL = new Set([TaskState.TASK_STATE_COMPLETED, TaskState.TASK_STATE_CANCELED, TaskState.TASK_STATE_FAILED, TaskState.TASK_STATE_REJECTED]);

describe('taskStateOf', () => {
  it.each(DEPLOYMENT_STATUSES.map((status) => [status, EXPECTED[status]]))('maps %s to %s', (status, state) => {
    expect(taskStateOf(status)).toBe(state);
  });

  it('covers every deployment status the contracts define, and no other', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...DEPLOYMENT_STATUSES].sort());
  });

  it('agrees with A2A on which states are final', () => {
    for (const status of DEPLOYMENT_STATUSES) expect(isFinalStatus(status)).toBe(A2A_TERMINAL.has(taskStateOf(status)));
  });

  it('never answers a state A2A reserves for what a deployment cannot be (unspecified, rejected, auth required)', () => {
    const used = new Set(DEPLOYMENT_STATUSES.map(taskStateOf));
    for (const unused of [TaskState.TASK_STATE_UNSPECIFIED, TaskState.TASK_STATE_REJECTED, TaskState.TASK_STATE_AUTH_REQUIRED, TaskState.UNRECOGNIZED])
      expect(used.has(unused)).toBe(false);
  });

  it('refuses a status outside the contracts instead of guessing', () => {
    expect(() => taskStateOf('routing' as DeploymentStatus)).toThrow(/unknown deployment status routing/);
  });
});

describe('endsStream', () => {
  it.each(DEPLOYMENT_STATUSES.map((status) => [status]))('%s: a send stream stops at final or input-required, a resubscribe only at final', (status) => {
    expect(endsStream(status, 'final')).toBe(isFinalStatus(status));
    expect(endsStream(status, 'final_or_input')).toBe(isFinalStatus(status) || status === 'needs_input');
  });
});
