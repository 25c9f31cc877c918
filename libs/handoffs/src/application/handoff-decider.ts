import type { HandoffEvent } from '@eh/contracts';
import type { Decider } from '@eh/event-store';
import { decideHandoff, type HandoffCommand } from '../domain/handoff.decider';
import { evolveHandoff, initialHandoffState, type HandoffState } from '../domain/handoff.state';

export const handoffDecider: Decider<HandoffCommand, HandoffEvent, HandoffState> = {
  initialState: initialHandoffState,
  evolve: evolveHandoff,
  decide: decideHandoff,
};
