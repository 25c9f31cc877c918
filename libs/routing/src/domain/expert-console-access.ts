/**
 * An expert's access to the console, as part of the `expert-<spec_id>` stream:
 * operations invite (a one-time link that expires), the expert accepts it by choosing a password,
 * and the invitation's email becomes their sign-in name. Pure: the token's hash, the password
 * row's id and the time come in with each command.
 */
import { DomainError } from '@eh/contracts';
import type { ExpertInvitationAccepted, ExpertInvited, ExpertPasswordSet } from '@eh/contracts';

export interface OpenInvitation {
  invitation_id: string;
  email: string;
  token_sha256: string;
  expires_at: string;
}

export interface ConsoleAccess {
  /** The sign-in email, from the accepted invitation; null until one is accepted. */
  email: string | null;
  /** The one usable invitation; a newer one replaces it, accepting it closes it. */
  invitation: OpenInvitation | null;
  /** The `principal_passwords` row sign-in checks; null until a password is set. */
  password_id: string | null;
}

export const NO_CONSOLE_ACCESS: ConsoleAccess = Object.freeze({ email: null, invitation: null, password_id: null });

type ConsoleEvent = ExpertInvited | ExpertInvitationAccepted | ExpertPasswordSet;

export function evolveConsoleAccess(access: ConsoleAccess, event: ConsoleEvent): ConsoleAccess {
  switch (event.type) {
    case 'expert.invited': {
      const { invitation_id, email, token_sha256, expires_at } = event.data;
      return { ...access, invitation: { invitation_id, email, token_sha256, expires_at } };
    }
    case 'expert.invitation_accepted':
      return { ...access, email: event.data.email, invitation: null };
    case 'expert.password_set':
      return { ...access, password_id: event.data.password_id };
    default: {
      const unknown: never = event;
      void unknown;
      return access;
    }
  }
}

export function invite(
  expertId: string,
  command: { invitationId: string; email: string; tokenSha256: string; expiresAt: string; now: string },
): ConsoleEvent[] {
  if (Date.parse(command.expiresAt) <= Date.parse(command.now))
    throw new DomainError('invalid_request', 'an invitation must expire after it is issued', 'expires_at');
  const data = {
    expert_id: expertId,
    invitation_id: command.invitationId,
    email: command.email,
    token_sha256: command.tokenSha256,
    expires_at: command.expiresAt,
    invited_at: command.now,
  };
  return [{ type: 'expert.invited', data }];
}

/**
 * Unknown, replaced, used and expired tokens are one answer (404): telling them apart would tell
 * whoever holds a stale link which of them it is, and none of them can be used anyway.
 */
export function acceptInvitation(expertId: string, access: ConsoleAccess, command: { tokenSha256: string; passwordId: string; now: string }): ConsoleEvent[] {
  const invitation = access.invitation;
  if (invitation === null || invitation.token_sha256 !== command.tokenSha256) throw new DomainError('not_found', 'no open invitation with this token', 'token');
  if (Date.parse(invitation.expires_at) <= Date.parse(command.now))
    throw new DomainError('not_found', 'no open invitation with this token (it expired)', 'token');
  return [
    {
      type: 'expert.invitation_accepted',
      data: { expert_id: expertId, invitation_id: invitation.invitation_id, email: invitation.email, accepted_at: command.now },
    },
    { type: 'expert.password_set', data: { expert_id: expertId, password_id: command.passwordId, set_at: command.now } },
  ];
}
