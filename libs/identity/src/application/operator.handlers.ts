import { DomainError, newId, operatorStreamName, OPERATIONS_WORKSPACE } from '@eh/contracts';
import { handleCommand } from '@eh/event-store';
import { findOpenOperatorInvitation, findOperator, findOperatorByEmail, type OperatorAccount } from '../adapters/people.query';
import type { PasswordStore } from '../adapters/password.store';
import { newSecretToken } from '../adapters/random-secret';
import { parseConsoleEmail } from '../domain/console-email.rules';
import { operatorDecider, type OperatorCommand } from '../domain/operator.decider';
import { revokeAllSessions } from '../adapters/session.store';
import { hashSecretToken } from '../domain/secret-token';
import {
  acceptableInvitation,
  expiry,
  type InvitationAcceptance,
  type InvitationLink,
  linkOf,
  nameOf,
  type PeopleDeps,
  someoneSignsInWith,
  taken,
} from './people-deps';
import { accountSigningIn, type SignInDeps } from './sign-in';

/* Operators of the service: invited by operations (or another operator), accepted, offboarded. */

/**
 * Invites an operator, or invites one again: a new link that replaces the password at once and
 * ends every session (a password reset, or taking back a password someone else may know).
 * `invitedBy` is the operator whose console session asks; null for the admin credential or the ops
 * CLI. An operator's session may invite new people and themselves, never make a link for another
 * existing operator: such a link is that person's sign-in, so only operations' credential makes it.
 */
export async function inviteOperator(
  deps: PeopleDeps,
  input: { email: unknown; name?: unknown; invitedBy?: string | null; ttlSeconds: number; publicBaseUrl: string; now: Date; correlationId: string },
): Promise<{ object: 'operator_invitation'; operator_id: string; email: string } & InvitationLink> {
  const email = parseConsoleEmail(input.email);
  if (input.name !== undefined && (typeof input.name !== 'string' || input.name.trim().length === 0 || input.name.length > 200))
    throw new DomainError('invalid_request', 'name must be 1 to 200 characters', 'name');
  const existing = await findOperatorByEmail(deps.sql, email);
  if (existing && input.invitedBy && existing.operator_id !== input.invitedBy) {
    throw new DomainError(
      'permission_denied',
      `${email} is already an operator: a new link for them (a password reset) is made with the admin credential or the ops CLI, not another operator's session`,
      'email',
    );
  }
  if (await someoneSignsInWith(deps, email, input.now, { operatorId: existing?.operator_id })) throw taken(email);
  const operatorId = existing?.operator_id ?? newId('operator');
  const token = newSecretToken();
  const at = input.now.toISOString();
  const expiresAt = expiry(input.now, input.ttlSeconds);
  const name = typeof input.name === 'string' ? input.name.trim() : (existing?.name ?? nameOf(undefined, email));
  await handleCommand(
    deps.store,
    operatorDecider,
    operatorStreamName(operatorId),
    {
      type: 'invite',
      operator_id: operatorId,
      invitation_id: newId('invitation'),
      email,
      name,
      token_sha256: hashSecretToken(token),
      expires_at: expiresAt,
      now: at,
    },
    { workspaceId: OPERATIONS_WORKSPACE, correlationId: input.correlationId, causationId: null, now: at },
  );
  // The event already took the password away (no session of theirs authenticates); the rows end too.
  if (existing) await revokeAllSessions(deps.sql, { kind: 'operator', id: operatorId }, input.now);
  return { object: 'operator_invitation', operator_id: operatorId, email, url: linkOf(input.publicBaseUrl, token), expires_at: expiresAt };
}

export async function acceptOperatorInvitation(deps: PeopleDeps & { passwords: PasswordStore }, input: InvitationAcceptance): Promise<string> {
  const { invitation, tokenSha256, name } = await acceptableInvitation(
    deps,
    input,
    (sha) => findOpenOperatorInvitation(deps.sql, sha, input.now),
    (open) => ({ name: input.name ?? open.name, operatorId: open.operator_id }),
  );
  const principal = { kind: 'operator' as const, id: invitation.operator_id };
  const passwordId = await deps.passwords.stage(principal, input.password, input.now);
  const at = input.now.toISOString();
  await handleCommand(
    deps.store,
    operatorDecider,
    operatorStreamName(invitation.operator_id),
    { type: 'accept', token_sha256: tokenSha256, name, password_id: passwordId, now: at },
    {
      workspaceId: OPERATIONS_WORKSPACE,
      correlationId: input.correlationId,
      causationId: null,
      now: at,
    },
  );
  await deps.passwords.keepOnly(principal, passwordId);
  return invitation.operator_id;
}

async function runOperator(deps: PeopleDeps, operatorId: string, command: OperatorCommand, correlationId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await handleCommand(deps.store, operatorDecider, operatorStreamName(operatorId), command, {
    workspaceId: OPERATIONS_WORKSPACE,
    correlationId,
    causationId: null,
    now: at,
  });
}

/** Offboards an operator: the password stops working, every session ends at once, an open link dies. */
export async function removeOperator(
  deps: PeopleDeps,
  input: { operatorId: string; now: Date; correlationId: string },
): Promise<{ id: string; removed: true; sessions_ended: number }> {
  if (!(await findOperator(deps.sql, input.operatorId))) throw new DomainError('not_found', `no operator ${input.operatorId}`, 'id');
  await runOperator(deps, input.operatorId, { type: 'remove', now: input.now.toISOString() }, input.correlationId, input.now);
  const ended = await revokeAllSessions(deps.sql, { kind: 'operator', id: input.operatorId }, input.now);
  return { id: input.operatorId, removed: true, sessions_ended: ended };
}

/** Ends every session of an operator (a lost laptop); the password keeps working. */
export async function endOperatorSessions(deps: PeopleDeps, input: { operatorId: string; now: Date }): Promise<{ id: string; sessions_ended: number }> {
  if (!(await findOperator(deps.sql, input.operatorId))) throw new DomainError('not_found', `no operator ${input.operatorId}`, 'id');
  return { id: input.operatorId, sessions_ended: await revokeAllSessions(deps.sql, { kind: 'operator', id: input.operatorId }, input.now) };
}

export function verifyOperatorPassword(deps: SignInDeps, input: { email: string; password: string }): Promise<OperatorAccount | null> {
  return accountSigningIn(
    deps.passwords,
    input,
    (email) => findOperatorByEmail(deps.sql, email),
    (account) => ({ kind: 'operator', id: account?.operator_id ?? 'nobody' }),
  );
}
