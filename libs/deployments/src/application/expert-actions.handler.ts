import { DomainError, deploymentStreamName, type DeploymentEvent, type ExpertRef, type Output } from '@eh/contracts';
import { handleCommand, loadAggregate, type EventStore, type FollowedStreams } from '@eh/event-store';
import { deploymentDecider } from '../domain/deployment.decider';
import type { DeploymentCommand } from '../domain/deployment.commands';
import { expertMayRead, expertRelation, toExpertView, type ExpertDeploymentView } from '../domain/deployment.expert-view';
import type { DeploymentState } from '../domain/deployment.state';

/** What an expert can do through the expert API and `npm run expert`. */
export type ExpertAction =
  | { type: 'accept' }
  | { type: 'decline'; reason: string }
  | { type: 'start' }
  | { type: 'ask'; question: string }
  | { type: 'publish'; output: Output; durationSeconds: number; creditsCharged: number }
  | { type: 'cancel'; reason: string; partialOutput: Output | null };

export interface ExpertScope {
  expert: ExpertRef;
  requestId: string;
  now: Date;
  /** REPLY_WINDOW_SECONDS: the agent's time to answer a question. */
  replyWindowSeconds: number;
}

function commandFor(action: ExpertAction, scope: ExpertScope): DeploymentCommand {
  const now = scope.now.toISOString();
  const expertId = scope.expert.id;
  switch (action.type) {
    case 'accept':
      return { type: 'accept', expert: scope.expert, now };
    case 'decline':
      return { type: 'decline', expertId, reason: action.reason, now };
    case 'start':
      return { type: 'start', expertId, now };
    case 'ask': {
      const replyDeadline = new Date(scope.now.getTime() + scope.replyWindowSeconds * 1000).toISOString();
      return { type: 'ask_question', expertId, question: action.question, replyDeadline, now };
    }
    case 'publish':
      return { type: 'publish', expertId, output: action.output, creditsCharged: action.creditsCharged, durationSeconds: action.durationSeconds, now };
    case 'cancel':
      // The event says who cancelled; the reason is the expert's own words.
      return { type: 'cancel', by: 'expert', expertId, reason: action.reason, partialOutput: action.partialOutput, now };
    default: {
      const unknown: never = action;
      throw new DomainError('invalid_request', `unknown expert action ${JSON.stringify(unknown)}`);
    }
  }
}

/** Deployments never offered or assigned to this expert are reported as absent (404), like another workspace's. */
function assertRelated(state: DeploymentState, expertId: string, deploymentId: string): void {
  if (expertRelation(state, expertId) === null) throw new DomainError('not_found', `no deployment ${deploymentId} offered or assigned to you`, 'id');
}

/**
 * One expert action = one command on the deployment's stream (load, fold, decide, append with
 * the expected revision). The decider enforces who may do what: only the offered expert accepts
 * or declines, only the assigned one starts, asks, publishes or cancels. `folds`: deployments as
 * the gateway heard them; a deployment found there is decided on without a read, and anything but
 * an append (a refusal, nothing to do) is decided again on a read.
 */
export async function actAsExpert(
  store: EventStore,
  scope: ExpertScope,
  deploymentId: string,
  action: ExpertAction,
  folds?: FollowedStreams<DeploymentEvent, DeploymentState>,
): Promise<ExpertDeploymentView> {
  const streamName = deploymentStreamName(deploymentId);
  const believed = folds?.get(streamName);
  // One read (or none) serves both the workspace the events belong to and the first decision: the
  // append still expects that revision, so a change in between costs a conflict and a fresh read, never a wrong decision.
  const loaded = believed ?? (await loadAggregate(store, streamName, deploymentDecider));
  const result = await handleCommand(
    store,
    deploymentDecider,
    streamName,
    (state) => {
      assertRelated(state, scope.expert.id, deploymentId);
      return commandFor(action, scope);
    },
    { workspaceId: workspaceOf(loaded.state), correlationId: scope.requestId, causationId: null, now: scope.now.toISOString() },
    { assumed: loaded, snapshots: folds, onlyAnAppendProvesAssumed: believed !== undefined },
  );
  const view = toExpertView(result.state, scope.expert.id);
  if (!view) throw new DomainError('not_found', `no deployment ${deploymentId} offered or assigned to you`, 'id');
  return view;
}

export async function viewAsExpert(store: EventStore, expertId: string, deploymentId: string): Promise<ExpertDeploymentView> {
  const { state } = await loadAggregate(store, deploymentStreamName(deploymentId), deploymentDecider);
  const view = expertMayRead(state, expertId) ? toExpertView(state, expertId) : null;
  if (!view) throw new DomainError('not_found', `no deployment ${deploymentId} offered or assigned to you`, 'id');
  return view;
}

/** The deployment's own workspace, so webhooks and the ledger see the action where it belongs ('' before it exists: the decider refuses). */
function workspaceOf(state: DeploymentState): string {
  return state.status === 'initial' ? '' : state.details.workspace_id;
}
