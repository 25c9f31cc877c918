import { poolSizeFromEnv } from './postgres-config';

describe('PG_POOL_MAX', () => {
  it('bounds a service pool from above and leaves smaller defaults alone', () => {
    expect(poolSizeFromEnv(20, { PG_POOL_MAX: '4' })).toBe(4);
    expect(poolSizeFromEnv(2, { PG_POOL_MAX: '4' })).toBe(2);
    expect(poolSizeFromEnv(20, {})).toBe(20);
  });

  it('refuses a value that is not a positive integer', () => {
    expect(() => poolSizeFromEnv(20, { PG_POOL_MAX: '0' })).toThrow(/PG_POOL_MAX/);
    expect(() => poolSizeFromEnv(20, { PG_POOL_MAX: 'many' })).toThrow(/PG_POOL_MAX/);
  });
});
