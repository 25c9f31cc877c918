import type { ExpertRef } from '@eh/contracts';
import type { ConsoleSession } from '@eh/identity';

/** docs/console-contract.md "Auth": what the console knows of who is signed in. */
export interface SessionResource {
  object: 'session';
  principal: { kind: 'expert'; id: string; name: string; email: string };
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
