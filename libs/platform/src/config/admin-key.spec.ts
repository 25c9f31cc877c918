import { createHash } from 'node:crypto';
import { adminKeyHashFrom, MIN_ADMIN_API_KEY_LENGTH } from './admin-key';
import { loadConfig } from './service-config';

describe('ADMIN_API_KEY', () => {
  const long = 'k'.repeat(MIN_ADMIN_API_KEY_LENGTH);

  it('is hashed when at least 32 characters long', () => {
    expect(adminKeyHashFrom(long)).toBe(createHash('sha256').update(long).digest('hex'));
  });

  it('disables the admin API when unset or empty', () => {
    expect(adminKeyHashFrom(undefined)).toBeNull();
    expect(adminKeyHashFrom('')).toBeNull();
  });

  it('stops the service at start when shorter than 32 characters', () => {
    expect(() => adminKeyHashFrom(long.slice(1))).toThrow(/ADMIN_API_KEY must be at least 32 characters \(it has 31\)/);
    expect(() => loadConfig({ ADMIN_API_KEY: 'short' })).toThrow(/ADMIN_API_KEY/);
    expect(loadConfig({ ADMIN_API_KEY: long }).adminKeyHash).toBe(adminKeyHashFrom(long));
  });

  it('reads the failed-authentication throttle, 20 a minute unless told otherwise', () => {
    expect(loadConfig({}).authFailuresPerMinute).toBe(20);
    expect(loadConfig({ AUTH_FAILURES_PER_MINUTE: '0' }).authFailuresPerMinute).toBe(0);
    expect(() => loadConfig({ AUTH_FAILURES_PER_MINUTE: 'many' })).toThrow(/AUTH_FAILURES_PER_MINUTE/);
  });
});
