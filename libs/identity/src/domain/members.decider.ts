/**
 * The people of a workspace, on `members-<ws_id>`: owners invite by email with a role
 * (a one-time link that expires), the invited person joins by choosing a password, owners change
 * roles and remove members; the workspace always keeps an owner. Pure: token hashes, ids, the
 * password row and the time come in with each command.
 */
import { DomainError, MEMBER_ROLES, type Actor, type MemberEvent, type MemberInvited, type MemberRole, type Decider, unhandled } from '@eh/contracts';

export interface Member {
  member_id: string;
  email: string;
  name: string;
  role: MemberRole;
  joined_at: string;
}

/** An open invitation: what `member.invited` recorded, but for the workspace and who invited. */
export type MemberInvitation = Omit<MemberInvited['data'], 'workspace_id' | 'actor'>;

export type MembersState = { status: 'empty' } | { status: 'active'; workspace_id: string; members: Member[]; invitations: MemberInvitation[] };

export type MembersCommand =
  | ({ type: 'invite'; now: string } & Omit<MemberInvited['data'], 'invited_at'>)
  | { type: 'revoke_invitation'; invitation_id: string; actor: Actor; now: string }
  | { type: 'accept'; token_sha256: string; member_id: string; name: string; password_id: string; now: string }
  | { type: 'change_role'; member_id: string; role: MemberRole; actor: Actor; now: string }
  | { type: 'remove'; member_id: string; actor: Actor; now: string };

export const initialMembersState: MembersState = Object.freeze({ status: 'empty' });

const active = (state: MembersState, workspaceId: string): Extract<MembersState, { status: 'active' }> =>
  state.status === 'active' ? state : { status: 'active', workspace_id: workspaceId, members: [], invitations: [] };

export function evolveMembers(state: MembersState, event: MemberEvent): MembersState {
  const current = active(state, event.data.workspace_id);
  switch (event.type) {
    case 'member.invited': {
      const { invitation_id, email, role, token_sha256, expires_at, invited_at } = event.data;
      return { ...current, invitations: [...current.invitations, { invitation_id, email, role, token_sha256, expires_at, invited_at }] };
    }
    case 'member.invitation_revoked':
      return { ...current, invitations: current.invitations.filter((i) => i.invitation_id !== event.data.invitation_id) };
    case 'member.joined': {
      const { member_id, invitation_id, email, name, role, joined_at } = event.data;
      return {
        ...current,
        members: [...current.members, { member_id, email, name, role, joined_at }],
        invitations: current.invitations.filter((i) => i.invitation_id !== invitation_id),
      };
    }
    case 'member.role_changed':
      return { ...current, members: current.members.map((m) => (m.member_id === event.data.member_id ? { ...m, role: event.data.role } : m)) };
    case 'member.removed':
      return { ...current, members: current.members.filter((m) => m.member_id !== event.data.member_id) };
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

export function parseMemberRole(value: unknown, field = 'role'): MemberRole {
  const role = MEMBER_ROLES.find((candidate) => candidate === value);
  if (!role) throw new DomainError('invalid_request', `${field} must be one of: ${MEMBER_ROLES.join(', ')}`, field);
  return role;
}

const noMember = (id: string): DomainError => new DomainError('not_found', `no member ${id} in this workspace`, 'id');
const owners = (state: Extract<MembersState, { status: 'active' }>): number => state.members.filter((m) => m.role === 'owner').length;

function invite(command: Extract<MembersCommand, { type: 'invite' }>, state: MembersState): MemberEvent[] {
  const current = active(state, command.workspace_id);
  parseMemberRole(command.role);
  if (Date.parse(command.expires_at) <= Date.parse(command.now))
    throw new DomainError('invalid_request', 'an invitation must expire after it is issued', 'expires_at');
  if (current.members.some((m) => m.email === command.email))
    throw new DomainError('invalid_request', `${command.email} is already a member of this workspace`, 'email');
  const { workspace_id, invitation_id, email, role, token_sha256, expires_at, actor, now } = command;
  // A newer invitation of the same email replaces the open one: one usable link per person.
  const replaced = current.invitations.filter((i) => i.email === email);
  return [
    ...replaced.map(
      (i): MemberEvent => ({ type: 'member.invitation_revoked', data: { workspace_id, invitation_id: i.invitation_id, revoked_at: now, actor } }),
    ),
    { type: 'member.invited', data: { workspace_id, invitation_id, email, role, token_sha256, expires_at, invited_at: now, actor } },
  ];
}

/** Unknown, replaced, revoked, used and expired tokens are one answer (404), as for experts. */
function accept(command: Extract<MembersCommand, { type: 'accept' }>, state: MembersState): MemberEvent[] {
  const invitation = state.status === 'active' ? state.invitations.find((i) => i.token_sha256 === command.token_sha256) : undefined;
  if (state.status !== 'active' || !invitation) throw new DomainError('not_found', 'no open invitation with this token', 'token');
  if (Date.parse(invitation.expires_at) <= Date.parse(command.now))
    throw new DomainError('not_found', 'no open invitation with this token (it expired)', 'token');
  if (state.members.some((m) => m.email === invitation.email))
    throw new DomainError('not_found', 'no open invitation with this token (already a member)', 'token');
  return [
    {
      type: 'member.joined',
      data: {
        workspace_id: state.workspace_id,
        member_id: command.member_id,
        invitation_id: invitation.invitation_id,
        email: invitation.email,
        name: command.name,
        role: invitation.role,
        password_id: command.password_id,
        joined_at: command.now,
      },
    },
  ];
}

export function decideMembers(command: MembersCommand, state: MembersState): MemberEvent[] {
  switch (command.type) {
    case 'invite':
      return invite(command, state);
    case 'accept':
      return accept(command, state);
    case 'revoke_invitation': {
      if (state.status !== 'active' || !state.invitations.some((i) => i.invitation_id === command.invitation_id))
        throw new DomainError('not_found', `no open invitation ${command.invitation_id}`, 'id');
      return [
        {
          type: 'member.invitation_revoked',
          data: { workspace_id: state.workspace_id, invitation_id: command.invitation_id, revoked_at: command.now, actor: command.actor },
        },
      ];
    }
    case 'change_role': {
      const member = state.status === 'active' ? state.members.find((m) => m.member_id === command.member_id) : undefined;
      if (state.status !== 'active' || !member) throw noMember(command.member_id);
      const role = parseMemberRole(command.role);
      if (member.role === role) return [];
      if (member.role === 'owner' && owners(state) === 1)
        throw new DomainError('last_owner', 'the workspace keeps at least one owner; make another member an owner first', 'role');
      return [
        {
          type: 'member.role_changed',
          data: {
            workspace_id: state.workspace_id,
            member_id: member.member_id,
            role,
            previous_role: member.role,
            changed_at: command.now,
            actor: command.actor,
          },
        },
      ];
    }
    case 'remove': {
      const member = state.status === 'active' ? state.members.find((m) => m.member_id === command.member_id) : undefined;
      if (state.status !== 'active' || !member) throw noMember(command.member_id);
      if (member.role === 'owner' && owners(state) === 1)
        throw new DomainError('last_owner', 'the workspace keeps at least one owner; make another member an owner first', 'id');
      return [
        { type: 'member.removed', data: { workspace_id: state.workspace_id, member_id: member.member_id, removed_at: command.now, actor: command.actor } },
      ];
    }
    default:
      return unhandled('members command', command);
  }
}

export const foldMembers = (events: readonly MemberEvent[]): MembersState => events.reduce(evolveMembers, initialMembersState);

export const membersDecider: Decider<MembersCommand, MemberEvent, MembersState> = {
  initialState: initialMembersState,
  evolve: evolveMembers,
  decide: decideMembers,
};
