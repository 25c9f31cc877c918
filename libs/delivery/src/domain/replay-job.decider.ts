/**
 * A partner's bulk replay, on `webhook_replay-<wrp_id>`: the dead letters it matched,
 * recorded when asked, then its progress and its end. Each delivery's own replay is decided by the
 * delivery decider (only a dead letter replays), so running a job twice replays nothing twice.
 */
import { DomainError, type Actor, type Decider, type KeyMode, type WebhookReplayEvent, type WebhookReplayFilter, unhandled } from '@eh/contracts';

interface Known {
  replay_id: string;
  workspace_id: string;
  mode: KeyMode;
  filter: WebhookReplayFilter;
  delivery_ids: string[];
  replayed: number;
  skipped: number;
  created_at: string;
  /** The last time the job said anything: a running job silent for long was interrupted. */
  last_progress_at: string;
}

export type ReplayJobState = { status: 'none' } | (Known & { status: 'running' }) | (Known & { status: 'completed'; completed_at: string });

export type ReplayJobCommand =
  | {
      type: 'request';
      replay_id: string;
      workspace_id: string;
      mode: KeyMode;
      filter: WebhookReplayFilter;
      delivery_ids: readonly string[];
      actor: Actor;
      now: string;
    }
  | { type: 'record_progress'; replayed: number; skipped: number; now: string }
  | { type: 'complete'; replayed: number; skipped: number; now: string };

export const initialReplayJobState: ReplayJobState = Object.freeze({ status: 'none' });

export function evolveReplayJob(state: ReplayJobState, event: WebhookReplayEvent): ReplayJobState {
  switch (event.type) {
    case 'webhook_replay.requested': {
      if (state.status !== 'none') return state;
      const { replay_id, workspace_id, mode, filter, delivery_ids, requested_at } = event.data;
      return {
        status: 'running',
        replay_id,
        workspace_id,
        mode,
        filter,
        delivery_ids,
        replayed: 0,
        skipped: 0,
        created_at: requested_at,
        last_progress_at: requested_at,
      };
    }
    case 'webhook_replay.progressed':
      if (state.status !== 'running') return state;
      return { ...state, replayed: event.data.replayed, skipped: event.data.skipped, last_progress_at: event.data.at };
    case 'webhook_replay.completed':
      if (state.status !== 'running') return state;
      return {
        ...state,
        status: 'completed',
        replayed: event.data.replayed,
        skipped: event.data.skipped,
        last_progress_at: event.data.completed_at,
        completed_at: event.data.completed_at,
      };
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

/** Counts only grow, and never past what was matched. */
function checkCounts(state: Known, replayed: number, skipped: number): void {
  const valid =
    [replayed, skipped].every((n) => Number.isInteger(n) && n >= 0) &&
    replayed >= state.replayed &&
    skipped >= state.skipped &&
    replayed + skipped <= state.delivery_ids.length;
  if (!valid)
    throw new DomainError(
      'invalid_request',
      `replay ${state.replay_id}: progress ${replayed}+${skipped} does not follow ${state.replayed}+${state.skipped} of ${state.delivery_ids.length}`,
    );
}

export function decideReplayJob(command: ReplayJobCommand, state: ReplayJobState): WebhookReplayEvent[] {
  switch (command.type) {
    case 'request': {
      if (state.status !== 'none') throw new DomainError('invalid_state_transition', `replay ${command.replay_id} already exists`);
      const { replay_id, workspace_id, mode, filter, actor, now } = command;
      return [
        {
          type: 'webhook_replay.requested',
          data: { replay_id, workspace_id, mode, filter, delivery_ids: [...command.delivery_ids], requested_at: now, actor },
        },
      ];
    }
    case 'record_progress':
    case 'complete': {
      if (state.status === 'none') throw new DomainError('not_found', 'no such replay', 'id');
      if (state.status === 'completed') throw new DomainError('invalid_state_transition', `replay ${state.replay_id} is already completed`);
      checkCounts(state, command.replayed, command.skipped);
      if (command.type === 'complete') {
        if (command.replayed + command.skipped !== state.delivery_ids.length)
          throw new DomainError(
            'invalid_request',
            `replay ${state.replay_id}: ${command.replayed + command.skipped} of ${state.delivery_ids.length} done; not complete`,
          );
        return [
          {
            type: 'webhook_replay.completed',
            data: { replay_id: state.replay_id, replayed: command.replayed, skipped: command.skipped, completed_at: command.now },
          },
        ];
      }
      if (command.replayed === state.replayed && command.skipped === state.skipped) return [];
      return [
        { type: 'webhook_replay.progressed', data: { replay_id: state.replay_id, replayed: command.replayed, skipped: command.skipped, at: command.now } },
      ];
    }
    default:
      return unhandled('replay command', command);
  }
}

export const foldReplayJob = (events: readonly WebhookReplayEvent[]): ReplayJobState => events.reduce(evolveReplayJob, initialReplayJobState);

/** What the API shows (docs/dashboard-contract.md §4). */
export interface ReplayJobResource {
  object: 'webhook_replay';
  id: string;
  mode: KeyMode;
  status: 'running' | 'completed';
  matched: number;
  replayed: number;
  skipped: number;
  filter: WebhookReplayFilter;
  created_at: string;
  completed_at: string | null;
}

export function toReplayJobResource(state: ReplayJobState): ReplayJobResource | null {
  if (state.status === 'none') return null;
  return {
    object: 'webhook_replay',
    id: state.replay_id,
    mode: state.mode,
    status: state.status,
    matched: state.delivery_ids.length,
    replayed: state.replayed,
    skipped: state.skipped,
    filter: state.filter,
    created_at: state.created_at,
    completed_at: state.status === 'completed' ? state.completed_at : null,
  };
}

export const replayJobDecider: Decider<ReplayJobCommand, WebhookReplayEvent, ReplayJobState> = {
  initialState: initialReplayJobState,
  evolve: evolveReplayJob,
  decide: decideReplayJob,
};
