import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type ExpertRef } from '@eh/contracts';
import type { EventStore } from '@eh/event-store';
import {
  acceptMemberInvitation,
  acceptOperatorInvitation,
  findMember,
  findMemberByEmail,
  findOpenMemberInvitation,
  findOpenOperatorInvitation,
  findOperator,
  findOperatorByEmail,
  hashSecretToken,
  looksLikeSecretToken,
  PasswordStore,
  verifyMemberPassword,
  verifyOperatorPassword,
  type ConsoleSession,
  type Principal,
} from '@eh/identity';
import type { ServiceConfig, SqlClient } from '@eh/platform';
import {
  acceptConsoleInvitation,
  findConsoleAccount,
  findConsoleAccountByEmail,
  inviteExpertToConsole,
  openInvitationFor,
  verifyExpertPassword,
  type ExpertInvitation,
} from '@eh/routing';
import { CONFIG, EVENT_STORE, SQL } from '../http/tokens';
import type { ExpertEventHub } from '../events/expert-event.hub';
import { EXPERT_EVENT_HUB } from '../events/expert-events.tokens';
import { WORKSPACE_EVENT_HUB, type WorkspaceEventHub } from '../events/workspace-event.hub';
import { SIGN_IN_THROTTLE } from './console-auth.tokens';
import { ConsoleSessions, type ConsolePerson } from './console-sessions';
import { toPersonSessionResource, toSessionResource, type SessionResource } from './session.resource';
import type { SignInThrottle } from './sign-in.throttle';

/** docs/dashboard-contract.md §1: what an invitation link is for, before it is used. */
export interface InvitationPreview {
  kind: 'expert' | 'member' | 'operator';
  email: string;
  name: string;
  expires_at: string;
  workspace_name: string | null;
  role: 'owner' | 'developer' | null;
}

/** A session just opened: the cookie's value (shown to nobody else) and what the body says. */
export interface OpenedSession {
  token: string;
  session: ConsoleSession;
  resource: SessionResource;
}

/**
 * The console's sign-in flows. Rules live in the libs (the roster decider, the
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
    /** Partners' streams opened with a member's session end with it too. */
    @Inject(WORKSPACE_EVENT_HUB) private readonly workspaceEvents: WorkspaceEventHub | undefined,
  ) {
    this.passwords = new PasswordStore(sql);
  }

  invite(expertId: string, email: unknown, requestId: string): Promise<ExpertInvitation> {
    const { publicBaseUrl, console } = this.config;
    return inviteExpertToConsole(
      { store: this.store, sql: this.sql },
      { expertId, email, ttlSeconds: console.invitationTtlSeconds, publicBaseUrl, now: new Date(), correlationId: requestId },
    );
  }

  /** An invitation link of any kind (expert, member, operator); one 404 for every link that cannot be used. */
  async invitation(token: string): Promise<InvitationPreview> {
    const now = new Date();
    const found = await openInvitationFor(this.sql, token, now);
    if (found) return { kind: 'expert', email: found.email, name: found.name, expires_at: found.expires_at, workspace_name: null, role: null };
    const sha = looksLikeSecretToken(token) ? hashSecretToken(token) : null;
    const member = sha ? await findOpenMemberInvitation(this.sql, sha, now) : null;
    if (member)
      return {
        kind: 'member',
        email: member.email,
        name: member.email.slice(0, member.email.indexOf('@')),
        expires_at: member.expires_at,
        workspace_name: member.workspace_name,
        role: member.role,
      };
    const operator = sha ? await findOpenOperatorInvitation(this.sql, sha, now) : null;
    if (operator) return { kind: 'operator', email: operator.email, name: operator.name, expires_at: operator.expires_at, workspace_name: null, role: null };
    throw new DomainError('not_found', 'no open invitation with this token: it is unknown, used or expired', 'token');
  }

  /** A new password ends every session the person had (it may be a reset after a lost password). */
  async accept(token: string, password: string, requestId: string, name?: string): Promise<OpenedSession> {
    const now = new Date();
    const preview = await this.invitation(token);
    // Every acceptance checks that nobody else signs in with the email by now (experts from the roster).
    const expertSignsInWith = async (email: string): Promise<boolean> => (await findConsoleAccountByEmail(this.sql, email)) !== null;
    const deps = { store: this.store, sql: this.sql, passwords: this.passwords, expertSignsInWith };
    switch (preview.kind) {
      case 'expert': {
        if (name !== undefined) throw new DomainError('invalid_request', 'name is the roster’s for experts; leave it out', 'name');
        const expert = await acceptConsoleInvitation(deps, { token, password, now, correlationId: requestId });
        await this.sessions.store.revokeAll({ kind: 'expert', id: expert.id }, now);
        return this.open(expert, now);
      }
      case 'member': {
        const memberId = await acceptMemberInvitation(deps, { token, password, name, now, correlationId: requestId });
        return this.openPerson({ kind: 'member', id: memberId }, now);
      }
      case 'operator': {
        const operatorId = await acceptOperatorInvitation(deps, { token, password, name, now, correlationId: requestId });
        await this.sessions.store.revokeAll({ kind: 'operator', id: operatorId }, now);
        return this.openPerson({ kind: 'operator', id: operatorId }, now);
      }
      default: {
        const unknown: never = preview.kind;
        return unknown;
      }
    }
  }

  /**
   * Wrong email and wrong password are one answer (401), and cost the same time. An email belongs
   * to one person (checked at every invitation operations make and at every acceptance), so the
   * kind that knows it verifies: expert, member, operator.
   */
  async signIn(email: string, password: string, address: string, requestId: string): Promise<OpenedSession> {
    const principal = await this.throttle.attempt(email, address, requestId, () => this.verify(email, password));
    if (!principal) throw new DomainError('authentication_failed', 'the email or the password is wrong');
    return this.openPerson(principal, new Date());
  }

  private async verify(email: string, password: string): Promise<Principal | null> {
    const deps = { sql: this.sql, passwords: this.passwords };
    const normalized = email.trim().toLowerCase();
    if (!(await findConsoleAccountByEmail(this.sql, normalized))) {
      if (await findMemberByEmail(this.sql, normalized)) {
        const member = await verifyMemberPassword(deps, { email, password });
        return member ? { kind: 'member', id: member.member_id } : null;
      }
      if (await findOperatorByEmail(this.sql, normalized)) {
        const operator = await verifyOperatorPassword(deps, { email, password });
        return operator ? { kind: 'operator', id: operator.operator_id } : null;
      }
    }
    const expert = await verifyExpertPassword(deps, { email, password });
    return expert ? { kind: 'expert', id: expert.id } : null;
  }

  /** Every session of any person (sign-out everywhere; a removed member). */
  async revokeAllOf(principal: Principal): Promise<number> {
    const revoked = await this.sessions.store.revokeAll(principal, new Date());
    if (principal.kind === 'expert') this.events.closeExpertSessions(principal.id);
    return revoked;
  }

  private async openPerson(principal: Principal, now: Date): Promise<OpenedSession> {
    const person = await this.personOf(principal);
    if (!person) throw new DomainError('authentication_failed', 'the email or the password is wrong');
    if (person.kind === 'expert') return this.open(person.expert, now);
    const { token, session } = await this.sessions.store.open(principal, now);
    return { token, session, resource: toPersonSessionResource(session, person) };
  }

  private async personOf(principal: Principal): Promise<ConsolePerson | null> {
    if (principal.kind === 'expert') {
      const account = await findConsoleAccount(this.sql, principal.id);
      return account ? { kind: 'expert', expert: account.expert, email: account.email } : null;
    }
    if (principal.kind === 'member') {
      const member = await findMember(this.sql, principal.id);
      return member ? { kind: 'member', member } : null;
    }
    const operator = await findOperator(this.sql, principal.id);
    return operator ? { kind: 'operator', operator } : null;
  }

  /** Open event streams of the session end here at once; other replicas end theirs at their next check. */
  async signOut(session: ConsoleSession): Promise<void> {
    await this.sessions.store.revoke(session.tokenSha256, new Date());
    this.events.closeSession(session.tokenSha256);
    this.workspaceEvents?.closeSession(session.tokenSha256);
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
