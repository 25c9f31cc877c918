import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type ExpertRef } from '@eh/contracts';
import { csrfTokenMatches, SessionStore, type ConsoleSession } from '@eh/identity';
import type { ServiceConfig, SqlClient } from '@eh/platform';
import { findConsoleAccount } from '@eh/roster';
import type { FastifyRequest } from 'fastify';
import { CONFIG, SQL } from '../http/tokens';
import { sessionCookieOf } from './session-cookie';

/** A request authenticated by the console's session cookie. */
export interface CookieAuth {
  session: ConsoleSession;
  expert: ExpertRef;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request was authenticated by the session cookie (issue 12). */
    consoleAuth?: CookieAuth;
  }
}

/** GET and HEAD change nothing; every other method authenticated by the cookie needs the CSRF header. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-csrf-token';

/** Rows written at most once a minute per session (idle expiry slides; docs/decisions.md). */
const TOUCH_AFTER_SECONDS = 60;

/**
 * Resolves the session cookie to a signed-in expert (issue 12), for ExpertGuard (which also takes
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
    const token = sessionCookieOf(request);
    if (token === undefined) return null;
    const now = new Date();
    const session = await this.store.find(token, now);
    const account = session?.principal.kind === 'expert' ? await findConsoleAccount(this.sql, session.principal.id) : null;
    if (!session || !account) throw new DomainError('authentication_failed', 'your console session has ended (signed out, revoked or expired); sign in again');
    if (!SAFE_METHODS.has(request.method) && !csrfTokenMatches(session.csrfToken, request.headers[CSRF_HEADER])) {
      throw new DomainError('csrf_token_invalid', 'send the session’s csrf_token in the X-CSRF-Token header with every change', 'X-CSRF-Token');
    }
    request.consoleAuth = { session, expert: account.expert, email: account.email };
    return request.consoleAuth;
  }
}
