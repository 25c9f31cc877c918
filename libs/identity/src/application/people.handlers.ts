import { DomainError, membersStreamName, newId, operatorStreamName, OPERATIONS_WORKSPACE, type Actor, type MemberEvent, type MemberRole, type OperatorEvent } from '@eh/contracts';
import { handleCommand, type Decider, type EventStore } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { findMemberByEmail, findOpenMemberInvitation, findOpenOperatorInvitation, findOperatorByEmail, peopleHoldingEmail, type MemberAccount, type OperatorAccount } from '../adapters/people.query';
import type { PasswordStore } from '../adapters/password.store';
import { newSecretToken } from '../adapters/random-secret';
import { parseConsoleEmail } from '../domain/console-email.rules';
import { decideMembers, evolveMembers, initialMembersState, parseMemberRole, type MembersCommand, type MembersState } from '../domain/members.decider';
import { decideOperator, evolveOperator, initialOperatorState, type OperatorCommand, type OperatorState } from '../domain/operator.decider';
import { passwordProblem } from '../domain/password-policy';
import { hashSecretToken, looksLikeSecretToken } from '../domain/secret-token';

export const membersDecider: Decider<MembersCommand, MemberEvent, MembersState> = { initialState: initialMembersState, evolve: evolveMembers, decide: decideMembers };
export const operatorDecider: Decider<OperatorCommand, OperatorEvent, OperatorState> = { initialState: initialOperatorState, evolve: evolveOperator, decide: decideOperator };

/** Checks another kind of person (an expert) holding an email; the roster answers it, which identity cannot import. */
export type OtherEmailHolder = (email: string, now: Date) => Promise<boolean>;

export interface PeopleDeps {
  store: EventStore;
  sql: SqlClient;
  /** Experts' emails (the roster's read model); members and operators are checked here. */
  expertHolds?: OtherEmailHolder;
}

export interface InvitationLink {
  url: string;
  expires_at: string;
}

const linkOf = (publicBaseUrl: string, token: string): string => `${publicBaseUrl.replace(/\/+$/, '')}/console/invitations/${token}`;
const expiry = (now: Date, ttlSeconds: number): string => new Date(now.getTime() + ttlSeconds * 1000).toISOString();
const taken = (email: string): DomainError => new DomainError('invalid_request', `${email} already signs in to the console as someone else`, 'email');

async function runMembers(store: EventStore, workspaceId: string, command: MembersCommand, correlationId: string, now: string): Promise<{ state: MembersState; events: MemberEvent[] }> {
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
  if ((await peopleHoldingEmail(deps.sql, email, input.now, { invitationsOfWorkspace: input.workspaceId })) || (await deps.expertHolds?.(email, input.now))) throw taken(email);
  const token = newSecretToken();
  const at = input.now.toISOString();
  const invitationId = newId('memberInvitation');
  const expiresAt = expiry(input.now, input.ttlSeconds);
  await runMembers(deps.store, input.workspaceId, { type: 'invite', workspace_id: input.workspaceId, invitation_id: invitationId, email, role, token_sha256: hashSecretToken(token), expires_at: expiresAt, actor: input.actor, now: at }, input.correlationId, at);
  return { object: 'member_invitation', id: invitationId, email, role, expires_at: expiresAt, created_at: at, url: linkOf(input.publicBaseUrl, token) };
}

export async function revokeMemberInvitation(deps: PeopleDeps, input: { workspaceId: string; invitationId: string; actor: Actor; now: Date; correlationId: string }): Promise<void> {
  const at = input.now.toISOString();
  await runMembers(deps.store, input.workspaceId, { type: 'revoke_invitation', invitation_id: input.invitationId, actor: input.actor, now: at }, input.correlationId, at);
}

export async function changeMemberRole(deps: PeopleDeps, input: { workspaceId: string; memberId: string; role: unknown; actor: Actor; now: Date; correlationId: string }): Promise<void> {
  const at = input.now.toISOString();
  await runMembers(deps.store, input.workspaceId, { type: 'change_role', member_id: input.memberId, role: parseMemberRole(input.role), actor: input.actor, now: at }, input.correlationId, at);
}

export async function removeMember(deps: PeopleDeps, input: { workspaceId: string; memberId: string; actor: Actor; now: Date; correlationId: string }): Promise<void> {
  const at = input.now.toISOString();
  await runMembers(deps.store, input.workspaceId, { type: 'remove', member_id: input.memberId, actor: input.actor, now: at }, input.correlationId, at);
}

/** A default display name: the email's local part. */
const nameOf = (name: string | undefined, email: string): string => name ?? email.slice(0, email.indexOf('@'));

/**
 * The invited person joins: password checked against the policy and hashed into its own row, then
 * `member.joined` naming that row. The append decides (one-time, not expired).
 */
export async function acceptMemberInvitation(
  deps: PeopleDeps & { passwords: PasswordStore },
  input: { token: string; password: string; name?: string; now: Date; correlationId: string },
): Promise<string> {
  const tokenSha256 = looksLikeSecretToken(input.token) ? hashSecretToken(input.token) : null;
  const invitation = tokenSha256 ? await findOpenMemberInvitation(deps.sql, tokenSha256, input.now) : null;
  if (!invitation || !tokenSha256) throw new DomainError('not_found', 'no open invitation with this token: it is unknown, used or expired', 'token');
  const name = nameOf(input.name, invitation.email);
  const problem = passwordProblem(input.password, { email: invitation.email, name });
  if (problem) throw new DomainError('invalid_request', problem, 'password');
  const memberId = newId('member');
  const principal = { kind: 'member' as const, id: memberId };
  const passwordId = await deps.passwords.stage(principal, input.password, input.now);
  const at = input.now.toISOString();
  await runMembers(deps.store, invitation.workspace_id, { type: 'accept', token_sha256: tokenSha256, member_id: memberId, name, password_id: passwordId, now: at }, input.correlationId, at);
  return memberId;
}

export async function verifyMemberPassword(deps: { sql: SqlClient; passwords: PasswordStore }, input: { email: string; password: string }): Promise<MemberAccount | null> {
  const account = await findMemberByEmail(deps.sql, input.email.trim().toLowerCase());
  const matches = await deps.passwords.verify({ kind: 'member', id: account?.member_id ?? 'nobody' }, account?.password_id ?? null, input.password);
  return matches && account ? account : null;
}

export async function inviteOperator(
  deps: PeopleDeps,
  input: { email: unknown; name?: unknown; ttlSeconds: number; publicBaseUrl: string; now: Date; correlationId: string },
): Promise<{ object: 'operator_invitation'; operator_id: string; email: string } & InvitationLink> {
  const email = parseConsoleEmail(input.email);
  if (input.name !== undefined && (typeof input.name !== 'string' || input.name.trim().length === 0 || input.name.length > 200)) throw new DomainError('invalid_request', 'name must be 1 to 200 characters', 'name');
  const existing = await findOperatorByEmail(deps.sql, email);
  if ((await peopleHoldingEmail(deps.sql, email, input.now, { operatorId: existing?.operator_id })) || (await deps.expertHolds?.(email, input.now))) throw taken(email);
  const operatorId = existing?.operator_id ?? newId('operator');
  const token = newSecretToken();
  const at = input.now.toISOString();
  const expiresAt = expiry(input.now, input.ttlSeconds);
  const name = typeof input.name === 'string' ? input.name.trim() : (existing?.name ?? nameOf(undefined, email));
  await handleCommand(
    deps.store,
    operatorDecider,
    operatorStreamName(operatorId),
    { type: 'invite', operator_id: operatorId, invitation_id: newId('invitation'), email, name, token_sha256: hashSecretToken(token), expires_at: expiresAt, now: at },
    { workspaceId: OPERATIONS_WORKSPACE, correlationId: input.correlationId, causationId: null, now: at },
  );
  return { object: 'operator_invitation', operator_id: operatorId, email, url: linkOf(input.publicBaseUrl, token), expires_at: expiresAt };
}

export async function acceptOperatorInvitation(
  deps: PeopleDeps & { passwords: PasswordStore },
  input: { token: string; password: string; name?: string; now: Date; correlationId: string },
): Promise<string> {
  const tokenSha256 = looksLikeSecretToken(input.token) ? hashSecretToken(input.token) : null;
  const invitation = tokenSha256 ? await findOpenOperatorInvitation(deps.sql, tokenSha256, input.now) : null;
  if (!invitation || !tokenSha256) throw new DomainError('not_found', 'no open invitation with this token: it is unknown, used or expired', 'token');
  const name = input.name ?? invitation.name;
  const problem = passwordProblem(input.password, { email: invitation.email, name });
  if (problem) throw new DomainError('invalid_request', problem, 'password');
  const principal = { kind: 'operator' as const, id: invitation.operator_id };
  const passwordId = await deps.passwords.stage(principal, input.password, input.now);
  const at = input.now.toISOString();
  await handleCommand(deps.store, operatorDecider, operatorStreamName(invitation.operator_id), { type: 'accept', token_sha256: tokenSha256, name, password_id: passwordId, now: at }, {
    workspaceId: OPERATIONS_WORKSPACE,
    correlationId: input.correlationId,
    causationId: null,
    now: at,
  });
  await deps.passwords.keepOnly(principal, passwordId);
  return invitation.operator_id;
}

export async function verifyOperatorPassword(deps: { sql: SqlClient; passwords: PasswordStore }, input: { email: string; password: string }): Promise<OperatorAccount | null> {
  const account = await findOperatorByEmail(deps.sql, input.email.trim().toLowerCase());
  const matches = await deps.passwords.verify({ kind: 'operator', id: account?.operator_id ?? 'nobody' }, account?.password_id ?? null, input.password);
  return matches && account ? account : null;
}
