/**
 * decide: command + current state → new events, or a DomainError with a stable code
 * (Emmett's decider pattern). Pure: time and ids come in with the command.
 *
 * Transitions are the deployment's public state machine. Decisions where it left a choice open:
 * - A reply returns needs_input to in_progress through `deployment.reply_received`; it does not
 *   fire `deployment.in_progress` again, which fires once per deployment.
 * - One clarifying question per deployment: a second is
 *   refused with `question_already_asked`, also while the first is still open.
 * - Agent cancel: pending or accepted only (as the cancel endpoint allows). needs_input is
 *   refused too, since work has begun. Code `deployment_not_cancellable`.
 * - Expert cancel: accepted, in_progress, needs_input, by the assigned expert. Operations:
 *   any active state. Terminal states are refused for everyone.
 * - Reply outside needs_input: `deployment_not_awaiting_input`.
 * - A late expiry timer (state moved on) is refused with `invalid_state_transition`; the caller
 *   treats that as a no-op. A late reply that is appended before the timer's expiry wins.
 * - Any command but create on a stream with no events: `not_found`. State is checked before
 *   the expert's identity, so a wrong expert on a wrong state gets `invalid_state_transition`.
 * - Offers, declines, offer timeouts, scheduled starts and who may accept: deployment.routing.decider.ts.
 */
import { DomainError } from '@eh/contracts';
import type { CancelledBy, Decider, DeploymentEvent, ExpiryReason } from '@eh/contracts';
import type {
  AskQuestion,
  CancelDeployment,
  CreateDeployment,
  DeploymentCommand,
  ExpireDeployment,
  GiveFeedback,
  PublishOutput,
  ReplyToQuestion,
  StartDeployment,
} from './deployment.commands';
import { evolve, initialDeploymentState } from './deployment.evolve';
import { assertAssigned, assertExists, assertIn, idOf, listOf, refuse } from './deployment.guards';
import { accept, decline, expireOffer, offer, startRouting } from './deployment.routing.decider';
import { outputDataProblem } from './output-schema/output-data.validator';
import type { DeploymentState, DeploymentStateStatus } from './deployment.state';

export function decide(command: DeploymentCommand, state: DeploymentState): DeploymentEvent[] {
  switch (command.type) {
    case 'create':
      return create(command, state);
    case 'start_routing':
      return startRouting(command, state);
    case 'offer':
      return offer(command, state);
    case 'decline':
      return decline(command, state);
    case 'expire_offer':
      return expireOffer(command, state);
    case 'accept':
      return accept(command, state);
    case 'start':
      return start(command, state);
    case 'ask_question':
      return askQuestion(command, state);
    case 'reply':
      return reply(command, state);
    case 'publish':
      return publish(command, state);
    case 'cancel':
      return cancel(command, state);
    case 'expire':
      return expire(command, state);
    case 'give_feedback':
      return giveFeedback(command, state);
    default: {
      // Commands arrive over NATS as JSON, so an unknown type is a bad request, not a crash.
      const unknown: never = command;
      throw new DomainError('invalid_request', `unknown deployment command ${JSON.stringify(unknown)}`);
    }
  }
}

function create(command: CreateDeployment, state: DeploymentState): DeploymentEvent[] {
  if (state.status !== 'initial') {
    throw refuse('deployment_already_exists', state, 'a deployment is created once');
  }
  return [{ type: 'deployment.created', data: command.data }];
}

function start(command: StartDeployment, state: DeploymentState): DeploymentEvent[] {
  assertIn(state, ['accepted'], 'invalid_state_transition', 'only accepted deployments can be started (work starts once per deployment)');
  assertAssigned(state, command.expertId);
  return [{ type: 'deployment.in_progress', data: { deployment_id: idOf(state), started_at: command.now } }];
}

function askQuestion(command: AskQuestion, state: DeploymentState): DeploymentEvent[] {
  assertIn(state, ['in_progress', 'needs_input'], 'invalid_state_transition', 'only in_progress deployments can take a question');
  assertAssigned(state, command.expertId);
  if (state.status === 'needs_input' || state.clarification !== null) {
    throw refuse('question_already_asked', state, 'the expert may ask one clarifying question per deployment');
  }
  const data = {
    deployment_id: idOf(state),
    question: command.question,
    asked_at: command.now,
    reply_deadline: command.replyDeadline,
  };
  return [{ type: 'deployment.needs_input', data }];
}

function reply(command: ReplyToQuestion, state: DeploymentState): DeploymentEvent[] {
  assertIn(state, ['needs_input'], 'deployment_not_awaiting_input', 'only needs_input deployments take a reply');
  const data = {
    deployment_id: idOf(state),
    body: command.body,
    context_files: command.contextFiles,
    replied_at: command.now,
  };
  return [{ type: 'deployment.reply_received', data }];
}

function publish(command: PublishOutput, state: DeploymentState): DeploymentEvent[] {
  assertIn(state, ['in_progress'], 'invalid_state_transition', 'only in_progress deployments can be completed');
  assertAssigned(state, command.expertId);
  assertTypedAnswer(state.details.output_schema, command.output.data);
  const data = {
    deployment_id: idOf(state),
    output: command.output,
    credits_charged: command.creditsCharged,
    duration_seconds: command.durationSeconds,
    completed_at: command.now,
  };
  return [{ type: 'deployment.completed', data }];
}

/** With an output schema the answer's `data` is required and must match it; without one there is no `data`. */
function assertTypedAnswer(schema: Record<string, unknown> | undefined, data: unknown): void {
  if (!schema) {
    if (data !== undefined) throw new DomainError('invalid_request', 'output.data is taken only for a deployment created with an output_schema', 'output.data');
    return;
  }
  if (data === undefined)
    throw new DomainError('invalid_request', 'output.data is required: this deployment asks for an answer matching its output_schema', 'output.data');
  const problem = outputDataProblem(schema, data);
  if (problem) throw new DomainError('invalid_request', `output.data${problem.pointer}: ${problem.message}`, `output.data${problem.pointer}`);
}

/** Who may cancel from where: the agent before work begins, the expert and operations while it is active. */
const CANCELLABLE_FROM: Record<CancelledBy, readonly DeploymentStateStatus[]> = {
  agent: ['pending', 'accepted'],
  expert: ['accepted', 'in_progress', 'needs_input'],
  operations: ['pending', 'accepted', 'in_progress', 'needs_input'],
};

function cancel(command: CancelDeployment, state: DeploymentState): DeploymentEvent[] {
  const allowed = CANCELLABLE_FROM[command.by];
  // The agent's cancel endpoint has its own code; the others are internal callers.
  const code = command.by === 'agent' ? 'deployment_not_cancellable' : 'invalid_state_transition';
  assertIn(state, allowed, code, `only ${listOf(allowed)} deployments can be cancelled by the ${command.by}`);
  if (command.by === 'expert') assertAssigned(state, command.expertId);
  const data = {
    deployment_id: idOf(state),
    cancelled_by: command.by,
    reason: command.reason,
    partial_output: command.partialOutput,
    cancelled_at: command.now,
  };
  return [{ type: 'deployment.cancelled', data }];
}

/** Each expiry timer belongs to one state: no acceptance in time, or no reply in time. */
const EXPIRES_FROM: Record<ExpiryReason, DeploymentStateStatus> = {
  not_accepted: 'pending',
  question_unanswered: 'needs_input',
};

function expire(command: ExpireDeployment, state: DeploymentState): DeploymentEvent[] {
  const from = EXPIRES_FROM[command.reason];
  assertIn(state, [from], 'invalid_state_transition', `only ${from} deployments can expire as ${command.reason}`);
  const data = { deployment_id: idOf(state), reason: command.reason, expired_at: command.now };
  return [{ type: 'deployment.expired', data }];
}

/** How long after completion a deployment may be rated: long enough to use the work and see how it landed. */
export const FEEDBACK_WINDOW_DAYS = 30;

/**
 * One rating per completed deployment, from 1 to 5, within FEEDBACK_WINDOW_DAYS of completion.
 * The same rating and comment again is a replay (no event); a different one is refused, so a
 * rating the routing already learned from cannot be rewritten.
 */
function giveFeedback(command: GiveFeedback, state: DeploymentState): DeploymentEvent[] {
  assertExists(state);
  if (state.status !== 'completed')
    throw new DomainError('deployment_not_completed', `only a completed deployment can be rated; ${idOf(state)} is ${state.status}`, 'id');
  if (state.feedback) {
    if (state.feedback.rating === command.rating && state.feedback.comment === command.comment) return [];
    throw new DomainError(
      'feedback_already_given',
      `${idOf(state)} was rated ${state.feedback.rating} at ${state.feedback.given_at}; a deployment is rated once`,
      'rating',
    );
  }
  if (!Number.isInteger(command.rating) || command.rating < 1 || command.rating > 5)
    throw new DomainError('invalid_request', 'rating must be a whole number from 1 to 5', 'rating');
  if (Date.parse(command.now) - Date.parse(state.completed_at) > FEEDBACK_WINDOW_DAYS * 86_400_000) {
    throw new DomainError(
      'feedback_window_closed',
      `${idOf(state)} completed at ${state.completed_at}; feedback is taken for ${FEEDBACK_WINDOW_DAYS} days after completion`,
      'id',
    );
  }
  return [
    {
      type: 'deployment.feedback_given',
      data: { deployment_id: idOf(state), expert_id: state.expert.id, rating: command.rating, comment: command.comment, given_at: command.now },
    },
  ];
}

export const deploymentDecider: Decider<DeploymentCommand, DeploymentEvent, DeploymentState> = {
  initialState: initialDeploymentState,
  evolve,
  decide,
};

/** The deployment's decider over a list of commands, each decided on the state the previous left. */
export const deploymentStepsDecider: Decider<DeploymentCommand[], DeploymentEvent, DeploymentState> = {
  ...deploymentDecider,
  decide: (commands, state) => {
    const events: DeploymentEvent[] = [];
    let current = state;
    for (const command of commands) {
      const decided = deploymentDecider.decide(command, current);
      events.push(...decided);
      current = decided.reduce(deploymentDecider.evolve, current);
    }
    return events;
  },
};
