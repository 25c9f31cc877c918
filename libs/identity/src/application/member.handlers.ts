import { DomainError, membersStreamName, newId, type Actor, type MemberEvent, type MemberRole } from '@eh/contracts';
import { handleCommand, type EventStore } from '@eh/event-store';
import { findMemberByEmail, findOpenMemberInvitation, type MemberAccount } from '../adapters/people.query';
import type { PasswordStore } from '../adapters/password.store';
import { newSecretToken } from '../adapters/random-secret';
import { parseConsoleEmail } from '../domain/console-email.rules';
import { membersDecider, parseMemberRole, type MembersCommand, type MembersState } from '../domain/members.decider';
import { hashSecretToken } from '../domain/secret-token';
import { acceptableInvitation, expiry, type InvitationAcceptance, type InvitationLink, linkOf, nameOf, type PeopleDeps } from './people-deps';
import { accountSigningIn, type SignInDeps } from './sign-in';

/* Members of a workspace: invited by an owner (or operations), accepted, given a role, removed. */

async function runMembers(
  store: EventStore,
  workspaceId: string,
  command: MembersCommand,
  correlationId: string,
  now: string,
): Promise<{ state: MembersState; events: MemberEvent[] }> {
  return handleCommand(store, membersDecider, membersStreamName(workspaceId), command, { workspaceId, correlationId, causationId: null, now });
}

/** What an owner (or operations) gets back: the link is shown this once. */
export interface MemberInvitationResource {
  object: 'member_invitation';
  id: string;
  email: string;
  role: MemberRole;
  expires_at: string;
  created_at: string;
}

export async function inviteMember(
  deps: PeopleDeps,
  input: { workspaceId: string; email: unknown; role: unknown; actor: Actor; ttlSeconds: number; publicBaseUrl: string; now: Date; correlationId: string },
): Promise<MemberInvitationResource & InvitationLink> {
  const email = parseConsoleEmail(input.email);
  const role = parseMemberRole(input.role);
  const member = await findMemberByEmail(deps.sql, email);
  if (member && member.workspace_id === input.workspaceId) throw new DomainError('invalid_request', `${email} is already a member of this workspace`, 'email');
  // Whether anyone outside this workspace signs in with it is not the owner's to learn: the
  // invitation is made and answered alike either way, and its acceptance is refused if taken.
  const token = newSecretToken();
  const at = input.now.toISOString();
  const invitationId = newId('memberInvitation');
  const expiresAt = expiry(input.now, input.ttlSeconds);
  await runMembers(
    deps.store,
    input.workspaceId,
    {
      type: 'invite',
      workspace_id: input.workspaceId,
      invitation_id: invitationId,
      email,
      role,
      token_sha256: hashSecretToken(token),
      expires_at: expiresAt,
      actor: input.actor,
      now: at,
    },
    input.correlationId,
    at,
  );
  return { object: 'member_invitation', id: invitationId, email, role, expires_at: expiresAt, created_at: at, url: linkOf(input.publicBaseUrl, token) };
}

export async function revokeMemberInvitation(
  deps: PeopleDeps,
  input: { workspaceId: string; invitationId: string; actor: Actor; now: Date; correlationId: string },
): Promise<void> {
  const at = input.now.toISOString();
  await runMembers(
    deps.store,
    input.workspaceId,
    { type: 'revoke_invitation', invitation_id: input.invitationId, actor: input.actor, now: at },
    input.correlationId,
    at,
  );
}

export async function changeMemberRole(
  deps: PeopleDeps,
  input: { workspaceId: string; memberId: string; role: unknown; actor: Actor; now: Date; correlationId: string },
): Promise<void> {
  const at = input.now.toISOString();
  await runMembers(
    deps.store,
    input.workspaceId,
    { type: 'change_role', member_id: input.memberId, role: parseMemberRole(input.role), actor: input.actor, now: at },
    input.correlationId,
    at,
  );
}

export async function removeMember(
  deps: PeopleDeps,
  input: { workspaceId: string; memberId: string; actor: Actor; now: Date; correlationId: string },
): Promise<void> {
  const at = input.now.toISOString();
  await runMembers(deps.store, input.workspaceId, { type: 'remove', member_id: input.memberId, actor: input.actor, now: at }, input.correlationId, at);
}

/**
 * The invited person joins: password checked against the policy and hashed into its own row, then
 * `member.joined` naming that row. The append decides (one-time, not expired).
 */
export async function acceptMemberInvitation(deps: PeopleDeps & { passwords: PasswordStore }, input: InvitationAcceptance): Promise<string> {
  const { invitation, tokenSha256, name } = await acceptableInvitation(
    deps,
    input,
    (sha) => findOpenMemberInvitation(deps.sql, sha, input.now),
    (open) => ({ name: nameOf(input.name, open.email) }),
  );
  const memberId = newId('member');
  const principal = { kind: 'member' as const, id: memberId };
  const passwordId = await deps.passwords.stage(principal, input.password, input.now);
  const at = input.now.toISOString();
  await runMembers(
    deps.store,
    invitation.workspace_id,
    { type: 'accept', token_sha256: tokenSha256, member_id: memberId, name, password_id: passwordId, now: at },
    input.correlationId,
    at,
  );
  return memberId;
}

export function verifyMemberPassword(deps: SignInDeps, input: { email: string; password: string }): Promise<MemberAccount | null> {
  return accountSigningIn(
    deps.passwords,
    input,
    (email) => findMemberByEmail(deps.sql, email),
    (account) => ({ kind: 'member', id: account?.member_id ?? 'nobody' }),
  );
}
