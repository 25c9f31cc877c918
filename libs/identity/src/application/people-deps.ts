import { DomainError } from '@eh/contracts';
import type { EventStore } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { signsInWith } from '../adapters/people.query';
import { passwordProblem } from '../domain/password-policy';
import { hashSecretToken, looksLikeSecretToken } from '../domain/secret-token';

/* What the member and operator handlers share: their dependencies, invitation links, who already signs in with an email, and accepting an invitation (checking a sign-in is sign-in.ts). */

/** Whether an expert signs in with an email; the roster answers it, which identity cannot import. */
export type OtherEmailHolder = (email: string, now: Date) => Promise<boolean>;

export interface PeopleDeps {
  store: EventStore;
  sql: SqlClient;
  /** Experts' sign-in emails (the roster's read model); members and operators are checked here. */
  expertSignsInWith?: OtherEmailHolder;
}

export interface InvitationLink {
  url: string;
  expires_at: string;
}

export const linkOf = (publicBaseUrl: string, token: string): string => `${publicBaseUrl.replace(/\/+$/, '')}/console/invitations/${token}`;
export const expiry = (now: Date, ttlSeconds: number): string => new Date(now.getTime() + ttlSeconds * 1000).toISOString();
export const taken = (email: string): DomainError => new DomainError('invalid_request', `${email} already signs in to the console as someone else`, 'email');

/** Whether someone other than the operator `operatorId` signs in with `email`: a member, an operator or an expert. */
export async function someoneSignsInWith(deps: PeopleDeps, email: string, now: Date, except: { operatorId?: string } = {}): Promise<boolean> {
  return (await signsInWith(deps.sql, email, except)) || ((await deps.expertSignsInWith?.(email, now)) ?? false);
}

/**
 * An invitation whose email someone else signs in with by now cannot be accepted: one person's
 * sign-in is never replaced by another's. Told to whoever holds the link, never at invitation time.
 */
export const emailTakenAtAcceptance = (): DomainError =>
  new DomainError(
    'invalid_request',
    'this invitation’s email already signs in to the console as someone else: sign in with it, or ask for an invitation to another address',
    'token',
  );

/** A default display name: the email's local part. */
export const nameOf = (name: string | undefined, email: string): string => name ?? email.slice(0, email.indexOf('@'));

/** What accepting an invitation takes: the link's token, the password chosen and, if given, a name. */
export interface InvitationAcceptance {
  token: string;
  password: string;
  name?: string;
  now: Date;
  correlationId: string;
}

/**
 * The open invitation a link's token names, with the token's hash and the name the person will go
 * by, checked before anything is written: an unknown, used or expired token is 404; an email
 * someone else signs in with by now, or a password the policy does not allow, is refused.
 * `person` says the name and, for an operator, whose own sign-in the email may already be.
 */
export async function acceptableInvitation<Invitation extends { email: string }>(
  deps: PeopleDeps,
  input: InvitationAcceptance,
  findOpen: (tokenSha256: string) => Promise<Invitation | null>,
  person: (invitation: Invitation) => { name: string; operatorId?: string },
): Promise<{ invitation: Invitation; tokenSha256: string; name: string }> {
  const tokenSha256 = looksLikeSecretToken(input.token) ? hashSecretToken(input.token) : null;
  const invitation = tokenSha256 ? await findOpen(tokenSha256) : null;
  if (!invitation || !tokenSha256) throw new DomainError('not_found', 'no open invitation with this token: it is unknown, used or expired', 'token');
  const { name, operatorId } = person(invitation);
  if (await someoneSignsInWith(deps, invitation.email, input.now, { operatorId })) throw emailTakenAtAcceptance();
  const problem = passwordProblem(input.password, { email: invitation.email, name });
  if (problem) throw new DomainError('invalid_request', problem, 'password');
  return { invitation, tokenSha256, name };
}
