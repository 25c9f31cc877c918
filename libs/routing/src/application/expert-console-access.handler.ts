import { DomainError, newId, type ExpertRef } from '@eh/contracts';
import type { EventStore } from '@eh/event-store';
import { hashSecretToken, looksLikeSecretToken, newSecretToken, passwordProblem, signsInWith, type PasswordStore } from '@eh/identity';
import type { SqlClient } from '@eh/platform';
import { findConsoleAccountByEmail, findOpenInvitation, otherHolderOfEmail, type OpenInvitationRow } from '../adapters/console-access.query';
import { parseConsoleEmail } from './console-email.rules';
import { runExpertCommand } from './manage-roster.handler';

/** What operations get back (shown once: the link holds the only copy of the token). */
export interface ExpertInvitation {
  object: 'invitation';
  expert_id: string;
  email: string;
  url: string;
  expires_at: string;
}

/**
 * Operations invite an expert to the console. The token is 256 random bits; only its
 * SHA-256 goes into `expert.invited`, and the link carrying it is shown this once. An email another
 * active expert signs in with (or is invited with), or a workspace member or an operator signs in
 * with, is refused: sign-in looks a person up by email alone, so it must name one person.
 * Operations see every tenant's people, so saying so here tells them nothing new.
 */
export async function inviteExpertToConsole(
  deps: { store: EventStore; sql: SqlClient },
  input: { expertId: string; email: unknown; ttlSeconds: number; publicBaseUrl: string; now: Date; correlationId: string },
): Promise<ExpertInvitation> {
  const email = parseConsoleEmail(input.email);
  if (await otherHolderOfEmail(deps.sql, email, input.expertId, input.now))
    throw new DomainError('invalid_request', 'email is already used by another expert', 'email');
  if (await signsInWith(deps.sql, email))
    throw new DomainError('invalid_request', 'email already signs in to the console as a workspace member or an operator', 'email');
  const token = newSecretToken();
  const at = input.now.toISOString();
  const expiresAt = new Date(input.now.getTime() + input.ttlSeconds * 1000).toISOString();
  const command = { type: 'invite' as const, invitationId: newId('invitation'), email, tokenSha256: hashSecretToken(token), expiresAt, now: at };
  await runExpertCommand(deps.store, input.expertId, command, input.correlationId, at);
  return {
    object: 'invitation',
    expert_id: input.expertId,
    email,
    url: `${input.publicBaseUrl.replace(/\/+$/, '')}/console/invitations/${token}`,
    expires_at: expiresAt,
  };
}

/** The invitation behind a link, if it can still be used (unknown, used, replaced and expired are all null). */
export async function openInvitationFor(sql: SqlClient, token: string, now: Date): Promise<OpenInvitationRow | null> {
  return looksLikeSecretToken(token) ? findOpenInvitation(sql, hashSecretToken(token), now) : null;
}

/**
 * The expert accepts: the password is checked against the policy, hashed (argon2id) into its own
 * row, and `expert.invitation_accepted` + `expert.password_set` naming that row are appended. The
 * append decides (one-time, not expired): a concurrent second acceptance finds the invitation used.
 */
export async function acceptConsoleInvitation(
  deps: { store: EventStore; sql: SqlClient; passwords: PasswordStore },
  input: { token: string; password: string; now: Date; correlationId: string },
): Promise<ExpertRef> {
  const invitation = await openInvitationFor(deps.sql, input.token, input.now);
  if (!invitation) throw new DomainError('not_found', 'no open invitation with this token: it is unknown, used or expired', 'token');
  // Checked again now: someone else may have started signing in with the address since the link was made.
  const otherExpert = await findConsoleAccountByEmail(deps.sql, invitation.email);
  if ((otherExpert && otherExpert.expert.id !== invitation.expert_id) || (await signsInWith(deps.sql, invitation.email))) {
    throw new DomainError(
      'invalid_request',
      'this invitation’s email already signs in to the console as someone else: sign in with it, or ask for an invitation to another address',
      'token',
    );
  }
  const problem = passwordProblem(input.password, { email: invitation.email, name: invitation.name });
  if (problem) throw new DomainError('invalid_request', problem, 'password');
  const principal = { kind: 'expert' as const, id: invitation.expert_id };
  const passwordId = await deps.passwords.stage(principal, input.password, input.now);
  const at = input.now.toISOString();
  const state = await runExpertCommand(
    deps.store,
    invitation.expert_id,
    { type: 'accept_invitation', tokenSha256: hashSecretToken(input.token), passwordId, now: at },
    input.correlationId,
    at,
  );
  await deps.passwords.keepOnly(principal, passwordId);
  if (state.status !== 'active') throw new DomainError('not_found', 'no open invitation with this token', 'token');
  return { id: state.expert_id, name: state.name, role: state.role };
}

/** The expert whose console email and password these are; null for any mismatch (one answer for all). */
export async function verifyExpertPassword(
  deps: { sql: SqlClient; passwords: PasswordStore },
  input: { email: string; password: string },
): Promise<ExpertRef | null> {
  const email = input.email.trim().toLowerCase();
  const account = await findConsoleAccountByEmail(deps.sql, email);
  const principal = { kind: 'expert' as const, id: account?.expert.id ?? 'nobody' };
  const matches = await deps.passwords.verify(principal, account?.password_id ?? null, input.password);
  return matches && account ? account.expert : null;
}
