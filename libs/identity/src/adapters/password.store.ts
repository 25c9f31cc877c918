import { randomUUID } from 'node:crypto';
import type { SqlClient } from '@eh/platform';
import { decoyPasswordHash, hashPassword, verifyPassword } from './argon2-password.hasher';
import type { Principal } from './session.store';

/**
 * argon2id hashes, one row per password ever chosen. Which row counts is decided by
 * the principal's events (`expert.password_set` names it): a row is written first, and becomes the
 * password only if the event naming it is appended. A crash or a lost race in between leaves a
 * row nothing names, which `keepOnly` removes the next time a password is set.
 */
export class PasswordStore {
  constructor(private readonly sql: SqlClient) {}

  /** Hashes and stores `password`; answers the new row's id, for the event to name. */
  async stage(principal: Principal, password: string, now: Date): Promise<string> {
    const passwordId = `pwd_${randomUUID()}`;
    const passwordHash = await hashPassword(password);
    await this.sql.query('INSERT INTO principal_passwords (password_id, principal_kind, principal_id, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)', [
      passwordId,
      principal.kind,
      principal.id,
      passwordHash,
      now,
    ]);
    return passwordId;
  }

  /**
   * True when `password` matches the row `passwordId` of this principal. A missing row or id still
   * costs one argon2 verification, so timing does not tell an unknown account from a wrong password.
   */
  async verify(principal: Principal, passwordId: string | null, password: string): Promise<boolean> {
    const { rows } = passwordId
      ? await this.sql.query<{ password_hash: string }>(
          'SELECT password_hash FROM principal_passwords WHERE password_id = $1 AND principal_kind = $2 AND principal_id = $3',
          [passwordId, principal.kind, principal.id],
        )
      : { rows: [] };
    const stored = rows[0]?.password_hash;
    if (!stored) {
      await verifyPassword(await decoyPasswordHash(), password);
      return false;
    }
    return verifyPassword(stored, password);
  }

  /**
   * Removes the principal's rows older than `passwordId`: earlier passwords and unused rows. Only
   * older ones, so a late call after an even newer password was set cannot remove that one.
   */
  async keepOnly(principal: Principal, passwordId: string): Promise<void> {
    await this.sql.query(
      `DELETE FROM principal_passwords WHERE principal_kind = $1 AND principal_id = $2 AND password_id <> $3
         AND created_at <= (SELECT created_at FROM principal_passwords WHERE password_id = $3)`,
      [principal.kind, principal.id, passwordId],
    );
  }
}
