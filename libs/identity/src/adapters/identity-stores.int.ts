import { testDatabaseForSuite } from '@eh/platform/testing';
import { hashSecretToken } from '../domain/secret-token';
import { identityMigrations } from './identity.migrations';
import { PasswordStore } from './password.store';
import { SessionStore } from './session.store';

const POLICY = { idleSeconds: 3600, absoluteSeconds: 4 * 3600, touchAfterSeconds: 60 };
const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);
const ADA = { kind: 'expert' as const, id: 'spec_01JADA0000000000000000000A' };
const BO = { kind: 'expert' as const, id: 'spec_01JBO00000000000000000000B' };

describe('console sessions and passwords in PostgreSQL', () => {
  const db = testDatabaseForSuite(identityMigrations);
  let sessions: SessionStore;
  let passwords: PasswordStore;

  beforeAll(() => {
    sessions = new SessionStore(db().pool, POLICY);
    passwords = new PasswordStore(db().pool);
  });

  it('stores only the token’s hash; the token finds its session, with a CSRF token of its own', async () => {
    const { token, session } = await sessions.open(ADA, T0);
    const { rows } = await db().pool.query('SELECT * FROM console_sessions');
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].token_sha256).toBe(hashSecretToken(token));
    const found = await sessions.find(token, at(1));
    expect(found).toMatchObject({ principal: ADA, csrfToken: session.csrfToken, expiresAt: at(3600) });
    expect(found?.csrfToken).not.toBe(token);
    expect(await sessions.find('x'.repeat(43), at(1))).toBeNull();
    expect(await sessions.find('not a token', at(1))).toBeNull();
  });

  it('slides the idle end with use (a write at most once a minute), and ends at the absolute end', async () => {
    const { token } = await sessions.open(ADA, T0);
    expect((await sessions.find(token, at(30)))?.expiresAt).toEqual(at(3600));
    expect((await sessions.find(token, at(1800)))?.expiresAt).toEqual(at(5400));
    expect(await sessions.find(token, at(5399))).not.toBeNull();
    for (let minutes = 90; minutes < 240; minutes += 30) expect(await sessions.find(token, at(minutes * 60))).not.toBeNull();
    expect(await sessions.find(token, at(4 * 3600))).toBeNull();
    const idle = await sessions.open(ADA, T0);
    expect(await sessions.find(idle.token, at(3600))).toBeNull();
  });

  it('revokes one session, or every session of a principal, and nobody else’s', async () => {
    const one = await sessions.open(ADA, T0);
    const two = await sessions.open(ADA, T0);
    const bos = await sessions.open(BO, T0);
    await sessions.revoke(one.session.tokenSha256, at(1));
    expect(await sessions.find(one.token, at(2))).toBeNull();
    expect(await sessions.isLive(one.session.tokenSha256, at(2))).toBe(false);
    expect(await sessions.find(two.token, at(2))).not.toBeNull();
    expect(await sessions.revokeAll(ADA, at(3))).toBeGreaterThanOrEqual(1);
    expect(await sessions.find(two.token, at(4))).toBeNull();
    expect(await sessions.isLive(bos.session.tokenSha256, at(4))).toBe(true);
  });

  it('keeps argon2id hashes, verifies only the named row of the right principal, and keeps only the newest', async () => {
    const first = await passwords.stage(BO, 'amber kettle on the quay', T0);
    const second = await passwords.stage(BO, 'a different long phrase', at(10));
    const { rows } = await db().pool.query<{ password_hash: string }>('SELECT password_hash FROM principal_passwords WHERE password_id = $1', [second]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwords.verify(BO, second, 'a different long phrase')).toBe(true);
    expect(await passwords.verify(BO, second, 'amber kettle on the quay')).toBe(false);
    expect(await passwords.verify(ADA, second, 'a different long phrase')).toBe(false);
    expect(await passwords.verify(BO, null, 'a different long phrase')).toBe(false);
    await passwords.keepOnly(BO, first);
    expect(await passwords.verify(BO, second, 'a different long phrase')).toBe(true);
    await passwords.keepOnly(BO, second);
    expect(await passwords.verify(BO, first, 'amber kettle on the quay')).toBe(false);
    expect((await db().pool.query('SELECT password_id FROM principal_passwords WHERE principal_id = $1', [BO.id])).rows).toEqual([{ password_id: second }]);
  });
});
