/**
 * A handoff, folded from its `handoff-<hnd_id>` stream. A tagged union on `status`:
 * each variant carries what is known at that point. `deployment_revision` is the revision of
 * the deployment stream last mirrored, so an older deployment event can never move it back.
 */
import type { HandoffEvent, HandoffOpened, Output } from '@eh/contracts';

export type HandoffDetails = HandoffOpened['data'];

interface Opened {
  details: HandoffDetails;
  updated_at: string;
  deployment_revision: number;
  comments: number;
}

export interface InitialHandoff {
  status: 'initial';
}
export interface OpenHandoff extends Opened {
  status: 'open';
  expert_id: null;
}
export interface InReviewHandoff extends Opened {
  status: 'in_review';
  expert_id: string;
}
export interface NeedsInputHandoff extends Opened {
  status: 'needs_input';
  expert_id: string;
  question: string;
}
export interface ReadyHandoff extends Opened {
  status: 'ready';
  expert_id: string;
  output: Output;
  memory_entry_key: string | null;
  ready_at: string;
}
export interface CancelledHandoff extends Opened {
  status: 'cancelled';
  expert_id: string | null;
  reason: string;
}
export interface ExpiredHandoff extends Opened {
  status: 'expired';
  expert_id: string | null;
}

export type HandoffState = InitialHandoff | OpenHandoff | InReviewHandoff | NeedsInputHandoff | ReadyHandoff | CancelledHandoff | ExpiredHandoff;
export type ExistingHandoff = Exclude<HandoffState, InitialHandoff>;

export const initialHandoffState: HandoffState = Object.freeze({ status: 'initial' });

export const isFinished = (state: HandoffState): boolean => state.status === 'ready' || state.status === 'cancelled' || state.status === 'expired';

/** Never throws; an event that does not fit (impossible through `decide`) leaves the state unchanged. */
export function evolveHandoff(state: HandoffState, event: HandoffEvent): HandoffState {
  if (event.type === 'handoff.opened') {
    if (state.status !== 'initial') return state;
    return { status: 'open', details: event.data, updated_at: event.data.opened_at, deployment_revision: -1, comments: 0, expert_id: null };
  }
  if (state.status === 'initial' || isFinished(state)) return state;
  const { details } = state;
  const { comments, deployment_revision, at: updated_at } = event.data;
  const base = { details, comments, deployment_revision, updated_at };
  switch (event.type) {
    case 'handoff.in_review':
      return { ...base, status: 'in_review', expert_id: event.data.expert_id };
    case 'handoff.needs_input':
      return { ...base, status: 'needs_input', expert_id: event.data.expert_id, question: event.data.question };
    case 'handoff.ready': {
      const { expert_id, output, memory_entry_key } = event.data;
      return { ...base, status: 'ready', expert_id, output, memory_entry_key, ready_at: updated_at };
    }
    case 'handoff.cancelled':
      return { ...base, status: 'cancelled', expert_id: event.data.expert_id, reason: event.data.reason };
    case 'handoff.expired':
      return { ...base, status: 'expired', expert_id: event.data.expert_id };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const foldHandoff = (events: readonly HandoffEvent[]): HandoffState => events.reduce(evolveHandoff, initialHandoffState);
