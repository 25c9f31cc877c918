/**
 * People who sign in to the console besides experts: the members of a workspace, on the
 * `members-<ws_id>` stream, and operations' own people (operators), on `operator-<op_id>` streams.
 * Invitations carry the SHA-256 of their one-time token, never the token; passwords are rows named
 * by `password_id` (docs/decisions.md "Expert console"), never hashes in events.
 */
import type { Actor } from './actor';

export const MEMBER_ROLES = ['owner', 'developer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export interface MemberInvited {
  type: 'member.invited';
  data: {
    workspace_id: string;
    invitation_id: string;
    email: string;
    role: MemberRole;
    token_sha256: string;
    expires_at: string;
    invited_at: string;
    actor: Actor;
  };
}

export interface MemberInvitationRevoked {
  type: 'member.invitation_revoked';
  data: { workspace_id: string; invitation_id: string; revoked_at: string; actor: Actor };
}

/** The invitation was used: the person is a member from now on, with the password row named. */
export interface MemberJoined {
  type: 'member.joined';
  data: {
    workspace_id: string;
    member_id: string;
    invitation_id: string;
    email: string;
    name: string;
    role: MemberRole;
    password_id: string;
    joined_at: string;
  };
}

export interface MemberRoleChanged {
  type: 'member.role_changed';
  data: { workspace_id: string; member_id: string; role: MemberRole; previous_role: MemberRole; changed_at: string; actor: Actor };
}

export interface MemberRemoved {
  type: 'member.removed';
  data: { workspace_id: string; member_id: string; removed_at: string; actor: Actor };
}

export type MemberEvent = MemberInvited | MemberInvitationRevoked | MemberJoined | MemberRoleChanged | MemberRemoved;

export const MEMBER_EVENT_TYPES: readonly MemberEvent['type'][] = [
  'member.invited',
  'member.invitation_revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
];

export const membersStreamName = (workspaceId: string): string => `members-${workspaceId}`;

export interface OperatorInvited {
  type: 'operator.invited';
  data: { operator_id: string; invitation_id: string; email: string; name: string; token_sha256: string; expires_at: string; invited_at: string };
}

export interface OperatorJoined {
  type: 'operator.joined';
  data: { operator_id: string; invitation_id: string; name: string; password_id: string; joined_at: string };
}

/** Offboarded: the operator's password stops working and every session ends; an invitation later brings them back. */
export interface OperatorRemoved {
  type: 'operator.removed';
  data: { operator_id: string; removed_at: string };
}

export type OperatorEvent = OperatorInvited | OperatorJoined | OperatorRemoved;

export const OPERATOR_EVENT_TYPES: readonly OperatorEvent['type'][] = ['operator.invited', 'operator.joined', 'operator.removed'];

export const operatorStreamName = (operatorId: string): string => `operator-${operatorId}`;

/** Operators belong to no workspace; their events carry this as `workspace_id` (like the roster's). */
export const OPERATIONS_WORKSPACE = 'operations';
