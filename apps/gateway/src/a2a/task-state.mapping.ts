import type { DeploymentStatus } from '@eh/contracts';
import { TaskState } from '@a2a-js/sdk';

/**
 * A deployment's status as an A2A task state, one to one (docs/decisions.md "A2A"). The task is
 * the deployment: nothing here keeps a second state machine, it only names each state in A2A's words.
 */
export function taskStateOf(status: DeploymentStatus): TaskState {
  switch (status) {
    // Created and being routed: nobody works on it yet.
    case 'pending':
      return TaskState.TASK_STATE_SUBMITTED;
    // An expert holds it; accepted and working are both "the remote agent has it".
    case 'accepted':
    case 'in_progress':
      return TaskState.TASK_STATE_WORKING;
    // The expert asked the one clarifying question: the caller must answer.
    case 'needs_input':
      return TaskState.TASK_STATE_INPUT_REQUIRED;
    case 'completed':
      return TaskState.TASK_STATE_COMPLETED;
    case 'cancelled':
      return TaskState.TASK_STATE_CANCELED;
    // Not accepted within the SLA, or the question went unanswered: the work was never done.
    case 'expired':
      return TaskState.TASK_STATE_FAILED;
    default:
      return unreachable(status);
  }
}

/** No transition leaves these: a stream of the task ends here. */
export function isFinalStatus(status: DeploymentStatus): boolean {
  return status === 'completed' || status === 'cancelled' || status === 'expired';
}

/**
 * Where a `message/stream` answer ends: at a final state, or where the caller must act (A2A's
 * interrupted state). `tasks/resubscribe` ends only at a final state.
 */
export function endsStream(status: DeploymentStatus, until: 'final' | 'final_or_input'): boolean {
  return isFinalStatus(status) || (until === 'final_or_input' && status === 'needs_input');
}

function unreachable(status: never): never {
  throw new Error(`taskStateOf: unknown deployment status ${String(status)}`);
}
