import type { WorkspaceEvent } from '@eh/contracts';
import type { Decider } from '@eh/event-store';
import { decideWorkspace, evolveWorkspace, initialWorkspaceState, type WorkspaceCommand, type WorkspaceState } from '../domain/workspace.decider';

export const workspaceDecider: Decider<WorkspaceCommand, WorkspaceEvent, WorkspaceState> = {
  initialState: initialWorkspaceState,
  evolve: evolveWorkspace,
  decide: decideWorkspace,
};
