import type { SqlClient } from '@eh/platform';
import { hashSecretToken, looksLikeSecretToken } from '../domain/secret-token';
import { isSessionLive, newSessionTimes, sessionExpiresAt, touchSession, type SessionPolicy, type SessionTimes } from '../domain/session-lifetime';
import { newSecretToken } from './random-secret';

/** Who a session belongs to: experts, workspace members and operators share the sessions. */
export type PrincipalKind = 'expert' | 'member' | 'operator';

export interface Principal {
  kind: PrincipalKind;
  id: string;
}

export interface ConsoleSession {
  /** The row's key; the cookie carries the token itself, which is stored nowhere. */
  tokenSha256: string;
  principal: Principal;
  csrfToken: string;
  times: SessionTimes;
  expiresAt: Date;
}

interface SessionRow {
  token_sha256: string;
  principal_kind: PrincipalKind;
  principal_id: string;
  csrf_token: string;
  created_at: Date;
  last_seen_at: Date;
  idle_expires_at: Date;
  absolute_expires_at: Date;
  revoked_at: Date | null;
}

const toSession = (row: SessionRow): ConsoleSession => {
  const times: SessionTimes = {
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    idleExpiresAt: row.idle_expires_at,
    absoluteExpiresAt: row.absolute_expires_at,
    revokedAt: row.revoked_at,
  };
  return {
    tokenSha256: row.token_sha256,
    principal: { kind: row.principal_kind, id: row.principal_id },
    csrfToken: row.csrf_token,
    times,
    expiresAt: sessionExpiresAt(times),
  };
};

/**
 * Console sessions in PostgreSQL (docs/decisions.md "Expert console"): every gateway
 * replica reads the same row on every request, so a sign-out or a revocation is effective on the
 * next request wherever it lands. Times come from the caller's clock.
 */
export class SessionStore {
  constructor(
    private readonly sql: SqlClient,
    private readonly policy: SessionPolicy,
  ) {}

  async open(principal: Principal, now: Date): Promise<{ token: string; session: ConsoleSession }> {
    const token = newSecretToken();
    const times = newSessionTimes(now, this.policy);
    const row: SessionRow = {
      token_sha256: hashSecretToken(token),
      principal_kind: principal.kind,
      principal_id: principal.id,
      csrf_token: newSecretToken(),
      created_at: times.createdAt,
      last_seen_at: times.lastSeenAt,
      idle_expires_at: times.idleExpiresAt,
      absolute_expires_at: times.absoluteExpiresAt,
      revoked_at: null,
    };
    // The principal's dead sessions go as a new one comes: the table holds live sessions and little else.
    await this.sql.query(
      `DELETE FROM console_sessions WHERE principal_kind = $1 AND principal_id = $2
         AND (revoked_at IS NOT NULL OR idle_expires_at <= $3 OR absolute_expires_at <= $3)`,
      [principal.kind, principal.id, now],
    );
    await this.sql.query(
      `INSERT INTO console_sessions (token_sha256, principal_kind, principal_id, csrf_token, created_at, last_seen_at, idle_expires_at, absolute_expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [row.token_sha256, row.principal_kind, row.principal_id, row.csrf_token, row.created_at, row.last_seen_at, row.idle_expires_at, row.absolute_expires_at],
    );
    return { token, session: toSession(row) };
  }

  /** The live session behind a cookie value, its idle end slid forward; null when none. */
  async find(token: string, now: Date): Promise<ConsoleSession | null> {
    if (!looksLikeSecretToken(token)) return null;
    const { rows } = await this.sql.query<SessionRow>('SELECT * FROM console_sessions WHERE token_sha256 = $1', [hashSecretToken(token)]);
    const row = rows[0];
    if (!row) return null;
    const session = toSession(row);
    if (!isSessionLive(session.times, now)) return null;
    const touched = touchSession(session.times, now, this.policy);
    if (!touched) return session;
    await this.sql.query('UPDATE console_sessions SET last_seen_at = $2, idle_expires_at = $3 WHERE token_sha256 = $1 AND revoked_at IS NULL', [
      row.token_sha256,
      touched.lastSeenAt,
      touched.idleExpiresAt,
    ]);
    return { ...session, times: touched, expiresAt: sessionExpiresAt(touched) };
  }

  /** Whether the session is still live, without touching it (open event streams re-check with this). */
  async isLive(tokenSha256: string, now: Date): Promise<boolean> {
    const { rows } = await this.sql.query<SessionRow>('SELECT * FROM console_sessions WHERE token_sha256 = $1', [tokenSha256]);
    return rows[0] !== undefined && isSessionLive(toSession(rows[0]).times, now);
  }

  async revoke(tokenSha256: string, now: Date): Promise<void> {
    await this.sql.query('UPDATE console_sessions SET revoked_at = $2 WHERE token_sha256 = $1 AND revoked_at IS NULL', [tokenSha256, now]);
  }

  /** Sign-out everywhere, and operations' revocation: every live session of the principal. */
  async revokeAll(principal: Principal, now: Date): Promise<number> {
    return revokeAllSessions(this.sql, principal, now);
  }
}

/** Ends every session of a person at once (every replica reads the row on each request); answers how many were live. */
export async function revokeAllSessions(sql: SqlClient, principal: Principal, now: Date): Promise<number> {
  const { rowCount } = await sql.query('UPDATE console_sessions SET revoked_at = $3 WHERE principal_kind = $1 AND principal_id = $2 AND revoked_at IS NULL', [
    principal.kind,
    principal.id,
    now,
  ]);
  return rowCount ?? 0;
}
