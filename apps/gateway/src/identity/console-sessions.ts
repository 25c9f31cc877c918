import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type ExpertRef } from '@eh/contracts';
import { csrfTokenMatches, findMember, findOperator, SessionStore, type ConsoleSession, type MemberAccount, type OperatorAccount } from '@eh/identity';
import type { ServiceConfig, SqlClient } from '@eh/platform';
import { findConsoleAccount } from '@eh/routing';
import type { FastifyRequest } from 'fastify';
import { CONFIG, SQL } from '../http/tokens';
import { sessionCookieOf } from './session-cookie';

/** A request authenticated by the console's session cookie. */
export interface CookieAuth {
  session: ConsoleSession;
  expert: ExpertRef;
  email: string;
}

/** Whoever the cookie belongs to: an expert, a workspace member or an operator. */
export type ConsolePerson =
  | { kind: 'expert'; expert: ExpertRef; email: string }
  | { kind: 'member'; member: MemberAccount }
  | { kind: 'operator'; operator: OperatorAccount };

export interface PersonAuth {
  session: ConsoleSession;
  person: ConsolePerson;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request was authenticated by the session cookie, for experts. */
    consoleAuth?: CookieAuth;
    /** Set for any person authenticated by the session cookie. */
    personAuth?: PersonAuth;
  }
}

/** GET and HEAD change nothing; every other method authenticated by the cookie needs the CSRF header. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-csrf-token';

/** Rows written at most once a minute per session (idle expiry slides; docs/decisions.md). */
const TOUCH_AFTER_SECONDS = 60;

/**
 * Resolves the session cookie to a signed-in expert, for ExpertGuard (which also takes
 * the bearer credential) and the console's own routes. The session row is read on every request,
 * so a sign-out or a revocation is effective at once on every replica.
 */
@Injectable()
export class ConsoleSessions {
  readonly store: SessionStore;

  constructor(
    @Inject(SQL) private readonly sql: SqlClient,
    @Inject(CONFIG) readonly config: ServiceConfig,
  ) {
    this.store = new SessionStore(sql, {
      idleSeconds: config.console.sessionIdleSeconds,
      absoluteSeconds: config.console.sessionAbsoluteSeconds,
      touchAfterSeconds: TOUCH_AFTER_SECONDS,
    });
  }

  /**
   * The cookie's expert, CSRF checked for changes; null when the request carries no cookie.
   * A cookie whose session ended is 401; a change without the session's token is 403.
   */
  async authenticate(request: FastifyRequest): Promise<CookieAuth | null> {
    if (request.consoleAuth) return request.consoleAuth;
    const auth = await this.authenticateAny(request);
    if (!auth) return null;
    if (auth.person.kind !== 'expert') throw new DomainError('authentication_failed', 'this console session is not an expert’s; sign in as an expert');
    request.consoleAuth = { session: auth.session, expert: auth.person.expert, email: auth.person.email };
    return request.consoleAuth;
  }

  /**
   * The cookie's person of any kind, CSRF checked for changes; null without a cookie.
   * A removed member, like a retired expert, has no session any more (401).
   */
  async authenticateAny(request: FastifyRequest): Promise<PersonAuth | null> {
    if (request.personAuth) return request.personAuth;
    const token = sessionCookieOf(request);
    if (token === undefined) return null;
    const session = await this.store.find(token, new Date());
    const person = session ? await this.personOf(session) : null;
    if (!session || !person) throw new DomainError('authentication_failed', 'your console session has ended (signed out, revoked or expired); sign in again');
    if (!SAFE_METHODS.has(request.method) && !csrfTokenMatches(session.csrfToken, request.headers[CSRF_HEADER])) {
      throw new DomainError('csrf_token_invalid', 'send the session’s csrf_token in the X-CSRF-Token header with every change', 'X-CSRF-Token');
    }
    request.personAuth = { session, person };
    return request.personAuth;
  }

  private async personOf(session: ConsoleSession): Promise<ConsolePerson | null> {
    const { kind, id } = session.principal;
    switch (kind) {
      case 'expert': {
        const account = await findConsoleAccount(this.sql, id);
        return account ? { kind, expert: account.expert, email: account.email } : null;
      }
      case 'member': {
        const member = await findMember(this.sql, id);
        return member ? { kind, member } : null;
      }
      case 'operator': {
        const operator = await findOperator(this.sql, id);
        return operator?.password_id ? { kind, operator } : null;
      }
      default: {
        const unknown: never = kind;
        return unknown;
      }
    }
  }
}
