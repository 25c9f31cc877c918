/**
 * Commands on one handoff. A handoff has no moves of its own: it mirrors the one
 * deployment it opened. The mapping (docs/decisions.md "Brand memory and handoffs"):
 *   pending → open; accepted, in_progress → in_review; needs_input → needs_input;
 *   completed → ready; cancelled → cancelled; expired → expired.
 * `now`, ids and the deployment's state come in with the command.
 */
import { DomainError, type Decider, type DeploymentStatus, type HandoffEvent, type HandoffOpened, type HandoffStatus, type Output } from '@eh/contracts';
import type { ExistingHandoff, HandoffState } from './handoff.state';
import { evolveHandoff, initialHandoffState, isFinished } from './handoff.state';

export interface OpenHandoffCommand {
  type: 'open';
  data: HandoffOpened['data'];
}

/** What the handoff needs to know of its deployment, at one revision of the deployment stream. */
export interface DeploymentSnapshot {
  revision: number;
  status: DeploymentStatus;
  expert_id: string | null;
  /** The expert's question and the agent's reply, one each when present. */
  comments: number;
  question: string | null;
  output: Output | null;
  cancel_reason: string | null;
}

export interface MirrorDeployment {
  type: 'mirror';
  deployment: DeploymentSnapshot;
  /** The `prior_output` entry the policy saved before this command; null when none. */
  memoryEntryKey: string | null;
  now: string;
}

export type HandoffCommand = OpenHandoffCommand | MirrorDeployment;

const STATUS_OF: Record<DeploymentStatus, HandoffStatus> = {
  pending: 'open',
  accepted: 'in_review',
  in_progress: 'in_review',
  needs_input: 'needs_input',
  completed: 'ready',
  cancelled: 'cancelled',
  expired: 'expired',
};

export const handoffStatusOf = (status: DeploymentStatus): HandoffStatus => STATUS_OF[status];

export function decideHandoff(command: HandoffCommand, state: HandoffState): HandoffEvent[] {
  switch (command.type) {
    case 'open':
      // A repeated open (a retry under the same Idempotency-Key) finds the handoff and adds nothing.
      return state.status === 'initial' ? [{ type: 'handoff.opened', data: command.data }] : [];
    case 'mirror':
      // Not opened yet: the opener mirrors the deployment right after opening, so nothing is lost.
      return state.status === 'initial' ? [] : mirror(command, state);
    default: {
      const unknown: never = command;
      throw new DomainError('invalid_request', `unknown handoff command ${JSON.stringify(unknown)}`);
    }
  }
}

function mirror({ deployment, memoryEntryKey, now }: MirrorDeployment, state: ExistingHandoff): HandoffEvent[] {
  if (isFinished(state) || deployment.revision <= state.deployment_revision) return [];
  const target = handoffStatusOf(deployment.status);
  // A handoff never goes back to `open`, and a status it already has is no change.
  if (target === 'open' || target === state.status) return [];
  const base = { handoff_id: state.details.handoff_id, comments: deployment.comments, deployment_revision: deployment.revision, at: now };
  const expert = deployment.expert_id;
  switch (target) {
    case 'in_review':
      return expert === null ? [] : [{ type: 'handoff.in_review', data: { ...base, expert_id: expert } }];
    case 'needs_input':
      return expert === null ? [] : [{ type: 'handoff.needs_input', data: { ...base, expert_id: expert, question: deployment.question ?? '' } }];
    case 'ready':
      if (expert === null || deployment.output === null) return [];
      return [{ type: 'handoff.ready', data: { ...base, expert_id: expert, output: deployment.output, memory_entry_key: memoryEntryKey } }];
    case 'cancelled':
      return [{ type: 'handoff.cancelled', data: { ...base, expert_id: expert, reason: deployment.cancel_reason ?? '' } }];
    case 'expired':
      return [{ type: 'handoff.expired', data: { ...base, expert_id: expert } }];
    default: {
      const unknown: never = target;
      return unknown;
    }
  }
}

export const handoffDecider: Decider<HandoffCommand, HandoffEvent, HandoffState> = {
  initialState: initialHandoffState,
  evolve: evolveHandoff,
  decide: decideHandoff,
};
