import { DomainError, type Actor, type Decider, type KeyMode, type WorkspaceEvent } from '@eh/contracts';

/** A workspace and its keys: one active key per mode. */
export type WorkspaceState = { status: 'initial' } | { status: 'active'; workspaceId: string; name: string; keys: WorkspaceKey[] };

export interface WorkspaceKey {
  keyId: string;
  mode: KeyMode;
  revoked: boolean;
}

export interface NewKey {
  keyId: string;
  mode: KeyMode;
  keyHash: string;
  last4: string;
}

export type WorkspaceCommand =
  | { type: 'create'; workspaceId: string; name: string; keys: NewKey[]; now: string }
  | { type: 'rotate_key'; key: NewKey; now: string }
  | { type: 'revoke_key'; keyId: string; now: string; actor?: Actor; mode?: KeyMode }
  // A named key from the dashboard, beside the mode's others (rotation without downtime).
  | { type: 'issue_key'; key: NewKey; name: string; actor: Actor; now: string };

/** Active keys a workspace may hold per mode. */
export const MAX_ACTIVE_KEYS_PER_MODE = 20;

export const initialWorkspaceState: WorkspaceState = { status: 'initial' };

export function evolveWorkspace(state: WorkspaceState, event: WorkspaceEvent): WorkspaceState {
  switch (event.type) {
    case 'workspace.created':
      return { status: 'active', workspaceId: event.data.workspace_id, name: event.data.name, keys: [] };
    case 'workspace.api_key_issued':
      if (state.status !== 'active') return state;
      return { ...state, keys: [...state.keys, { keyId: event.data.key_id, mode: event.data.mode, revoked: false }] };
    case 'workspace.api_key_revoked':
      if (state.status !== 'active') return state;
      return {
        ...state,
        keys: state.keys.map((key) => (key.keyId === event.data.key_id ? { ...key, revoked: true } : key)),
      };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

const issued = (workspaceId: string, key: NewKey, now: string): WorkspaceEvent => ({
  type: 'workspace.api_key_issued',
  data: { workspace_id: workspaceId, key_id: key.keyId, mode: key.mode, key_hash: key.keyHash, last4: key.last4, issued_at: now },
});

function create(command: Extract<WorkspaceCommand, { type: 'create' }>, state: WorkspaceState): WorkspaceEvent[] {
  if (state.status !== 'initial') throw new DomainError('invalid_state_transition', `workspace ${command.workspaceId} already exists`);
  const modes = command.keys.map((key) => key.mode);
  if (new Set(modes).size !== modes.length) throw new DomainError('invalid_request', 'one key per mode', 'keys');
  return [
    { type: 'workspace.created', data: { workspace_id: command.workspaceId, name: command.name, created_at: command.now } },
    ...command.keys.map((key) => issued(command.workspaceId, key, command.now)),
  ];
}

/** Rotation revokes the mode's active key and issues the new one in the same append. */
function rotateKey(command: Extract<WorkspaceCommand, { type: 'rotate_key' }>, state: WorkspaceState): WorkspaceEvent[] {
  if (state.status !== 'active') throw new DomainError('not_found', 'no such workspace');
  const active = state.keys.filter((key) => key.mode === command.key.mode && !key.revoked);
  return [
    ...active.map(
      (key): WorkspaceEvent => ({
        type: 'workspace.api_key_revoked',
        data: { workspace_id: state.workspaceId, key_id: key.keyId, revoked_at: command.now },
      }),
    ),
    issued(state.workspaceId, command.key, command.now),
  ];
}

function revokeKey(command: Extract<WorkspaceCommand, { type: 'revoke_key' }>, state: WorkspaceState): WorkspaceEvent[] {
  if (state.status !== 'active') throw new DomainError('not_found', 'no such workspace');
  const key = state.keys.find((candidate) => candidate.keyId === command.keyId);
  // A member revokes within the mode they work in; another mode's key is not theirs to see.
  if (!key || (command.mode !== undefined && key.mode !== command.mode))
    throw new DomainError('not_found', `no key ${command.keyId} in workspace ${state.workspaceId}`, command.mode ? 'id' : 'key_id');
  if (key.revoked) return [];
  const data = { workspace_id: state.workspaceId, key_id: key.keyId, revoked_at: command.now };
  return [{ type: 'workspace.api_key_revoked', data: command.actor ? { ...data, actor: command.actor } : data }];
}

function issueKey(command: Extract<WorkspaceCommand, { type: 'issue_key' }>, state: WorkspaceState): WorkspaceEvent[] {
  if (state.status !== 'active') throw new DomainError('not_found', 'no such workspace');
  const name = command.name.trim();
  if (name.length === 0 || name.length > 100) throw new DomainError('invalid_request', 'name must be 1 to 100 characters', 'name');
  const active = state.keys.filter((key) => key.mode === command.key.mode && !key.revoked).length;
  if (active >= MAX_ACTIVE_KEYS_PER_MODE)
    throw new DomainError('api_key_limit_reached', `a workspace holds at most ${MAX_ACTIVE_KEYS_PER_MODE} active keys per mode; revoke one first`);
  const event = issued(state.workspaceId, command.key, command.now);
  return [{ ...event, data: { ...event.data, name, actor: command.actor } } as WorkspaceEvent];
}

export function decideWorkspace(command: WorkspaceCommand, state: WorkspaceState): WorkspaceEvent[] {
  switch (command.type) {
    case 'create':
      return create(command, state);
    case 'rotate_key':
      return rotateKey(command, state);
    case 'revoke_key':
      return revokeKey(command, state);
    case 'issue_key':
      return issueKey(command, state);
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}

export const foldWorkspace = (events: WorkspaceEvent[]): WorkspaceState => events.reduce(evolveWorkspace, initialWorkspaceState);

export const workspaceDecider: Decider<WorkspaceCommand, WorkspaceEvent, WorkspaceState> = {
  initialState: initialWorkspaceState,
  evolve: evolveWorkspace,
  decide: decideWorkspace,
};
