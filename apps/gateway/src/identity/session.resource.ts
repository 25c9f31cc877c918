import type { ExpertRef, MemberRole } from '@eh/contracts';
import type { ConsoleSession } from '@eh/identity';
import type { ConsolePerson } from './console-sessions';

/** Who is signed in, of any kind. */
export type SessionPrincipal =
  | { kind: 'expert'; id: string; name: string; email: string }
  | { kind: 'member'; id: string; name: string; email: string; workspace_id: string; workspace_name: string; role: MemberRole }
  | { kind: 'operator'; id: string; name: string; email: string };

/** docs/console-contract.md "Auth": what the console knows of who is signed in. */
export interface SessionResource {
  object: 'session';
  principal: SessionPrincipal;
  /** Send it back as `X-CSRF-Token` with every change made with the cookie. */
  csrf_token: string;
  /** When the session ends if unused (idle), never later than its absolute end. */
  expires_at: string;
}

export const toSessionResource = (session: ConsoleSession, expert: ExpertRef, email: string): SessionResource => ({
  object: 'session',
  principal: { kind: 'expert', id: expert.id, name: expert.name, email },
  csrf_token: session.csrfToken,
  expires_at: session.expiresAt.toISOString(),
});

/** The principal a person's session shows. */
export function principalOf(person: ConsolePerson): SessionPrincipal {
  switch (person.kind) {
    case 'expert':
      return { kind: 'expert', id: person.expert.id, name: person.expert.name, email: person.email };
    case 'member': {
      const m = person.member;
      return { kind: 'member', id: m.member_id, name: m.name, email: m.email, workspace_id: m.workspace_id, workspace_name: m.workspace_name, role: m.role };
    }
    case 'operator':
      return { kind: 'operator', id: person.operator.operator_id, name: person.operator.name, email: person.operator.email };
    default: {
      const unknown: never = person;
      return unknown;
    }
  }
}

export const toPersonSessionResource = (session: ConsoleSession, person: ConsolePerson): SessionResource => ({
  object: 'session',
  principal: principalOf(person),
  csrf_token: session.csrfToken,
  expires_at: session.expiresAt.toISOString(),
});
