import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type ExpertRef } from '@eh/contracts';
import type { EventStore } from '@eh/event-store';
import { PasswordStore, type ConsoleSession } from '@eh/identity';
import type { ServiceConfig, SqlClient } from '@eh/platform';
import { acceptConsoleInvitation, findConsoleAccount, inviteExpertToConsole, openInvitationFor, verifyExpertPassword, type ExpertInvitation } from '@eh/roster';
import { CONFIG, EVENT_STORE, SQL } from '../http/tokens';
import type { ExpertEventHub } from '../expert/events/expert-event.hub';
import { EXPERT_EVENT_HUB } from '../expert/events/expert-events.tokens';
import { SIGN_IN_THROTTLE } from './console-auth.tokens';
import { ConsoleSessions } from './console-sessions';
import { toSessionResource, type SessionResource } from './session.resource';
import type { SignInThrottle } from './sign-in.throttle';

/** A session just opened: the cookie's value (shown to nobody else) and what the body says. */
export interface OpenedSession {
  token: string;
  session: ConsoleSession;
  resource: SessionResource;
}

/**
 * The console's sign-in flows (issue 12). Rules live in the libs (the roster decider, the
 * password policy, session lifetimes); this ties them to the request: clock, ids, the throttle.
 */
@Injectable()
export class ConsoleAuthService {
  private readonly passwords: PasswordStore;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL) private readonly sql: SqlClient,
    @Inject(CONFIG) private readonly config: ServiceConfig,
    @Inject(ConsoleSessions) private readonly sessions: ConsoleSessions,
    @Inject(SIGN_IN_THROTTLE) private readonly throttle: SignInThrottle,
    @Inject(EXPERT_EVENT_HUB) private readonly events: ExpertEventHub,
  ) {
    this.passwords = new PasswordStore(sql);
  }

  invite(expertId: string, email: unknown, requestId: string): Promise<ExpertInvitation> {
    const { publicBaseUrl, console } = this.config;
    return inviteExpertToConsole({ store: this.store, sql: this.sql }, { expertId, email, ttlSeconds: console.invitationTtlSeconds, publicBaseUrl, now: new Date(), correlationId: requestId });
  }

  async invitation(token: string): Promise<{ email: string; name: string; expires_at: string }> {
    const found = await openInvitationFor(this.sql, token, new Date());
    if (!found) throw new DomainError('not_found', 'no open invitation with this token: it is unknown, used or expired', 'token');
    return { email: found.email, name: found.name, expires_at: found.expires_at };
  }

  /** A new password ends every session the expert had (it may be a reset after a lost password). */
  async accept(token: string, password: string, requestId: string): Promise<OpenedSession> {
    const now = new Date();
    const expert = await acceptConsoleInvitation({ store: this.store, sql: this.sql, passwords: this.passwords }, { token, password, now, correlationId: requestId });
    await this.sessions.store.revokeAll({ kind: 'expert', id: expert.id }, now);
    return this.open(expert, now);
  }

  /** Wrong email and wrong password are one answer (401), and cost the same time. */
  async signIn(email: string, password: string, address: string, requestId: string): Promise<OpenedSession> {
    const expert = await this.throttle.attempt(email, address, requestId, () => verifyExpertPassword({ sql: this.sql, passwords: this.passwords }, { email, password }));
    if (!expert) throw new DomainError('authentication_failed', 'the email or the password is wrong');
    return this.open(expert, new Date());
  }

  /** Open event streams of the session end here at once; other replicas end theirs at their next check. */
  async signOut(session: ConsoleSession): Promise<void> {
    await this.sessions.store.revoke(session.tokenSha256, new Date());
    this.events.closeSession(session.tokenSha256);
  }

  async revokeAll(expertId: string): Promise<number> {
    const revoked = await this.sessions.store.revokeAll({ kind: 'expert', id: expertId }, new Date());
    this.events.closeExpertSessions(expertId);
    return revoked;
  }

  private async open(expert: ExpertRef, now: Date): Promise<OpenedSession> {
    const { token, session } = await this.sessions.store.open({ kind: 'expert', id: expert.id }, now);
    const account = await findConsoleAccount(this.sql, expert.id);
    return { token, session, resource: toSessionResource(session, expert, account?.email ?? '') };
  }
}
