import { DomainError } from '@eh/contracts';
import { canonicalJson, parseIdempotencyKey, requestHash } from './idempotency-key.rules';

describe('parseIdempotencyKey', () => {
  it.each(['a', 'order-17', ' spaced key ', '~'.repeat(255), 'x'.repeat(255)])('accepts %j', (key) => {
    expect(parseIdempotencyKey(key)).toBe(key);
  });

  it('reads a key sent on one header line as that key, commas included', () => {
    expect(parseIdempotencyKey(['order-17'])).toBe('order-17');
    expect(parseIdempotencyKey(['a1, a2'])).toBe('a1, a2');
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['non-ASCII', 'clé'],
    ['control character', 'a\tb'],
    ['sent twice', ['a', 'b']],
    ['sent twice, the same', ['a', 'a']],
  ])('refuses a key that is %s, naming the header', (_, key) => {
    let caught: unknown;
    try {
      parseIdempotencyKey(key);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect(caught).toMatchObject({ code: 'invalid_request', field: 'Idempotency-Key', message: expect.stringContaining('Idempotency-Key') });
  });
});

describe('canonicalJson', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('drops undefined fields as JSON.stringify does, and writes absent bodies as null', () => {
    expect(canonicalJson({ a: undefined, b: 'x' })).toBe('{"b":"x"}');
    expect(canonicalJson(undefined)).toBe('null');
  });
});

describe('requestHash', () => {
  const body = { brief: 'Name a cat.', skills: ['naming'], metadata: { a: 1, b: true } };

  it('is the same for the same body in another key order', () => {
    expect(requestHash(body, 'test')).toBe(requestHash({ metadata: { b: true, a: 1 }, skills: ['naming'], brief: 'Name a cat.' }, 'test'));
  });

  it('differs when a value, the array order or the mode differs', () => {
    const hash = requestHash(body, 'test');
    expect(requestHash({ ...body, brief: 'Name a dog.' }, 'test')).not.toBe(hash);
    expect(requestHash({ ...body, skills: ['naming', 'pets'] }, 'test')).not.toBe(requestHash({ ...body, skills: ['pets', 'naming'] }, 'test'));
    expect(requestHash(body, 'live')).not.toBe(hash);
  });

  it('tells two resources of one route apart, and hashes a route without path parameters as before', () => {
    const body = { reason: 'plans changed' };
    const first = requestHash(body, 'live', { id: 'dep_A' });
    expect(requestHash(body, 'live', { id: 'dep_B' })).not.toBe(first);
    expect(requestHash(body, 'live', { id: 'dep_A' })).toBe(first);
    expect(requestHash(body, 'live', {})).toBe(requestHash(body, 'live'));
  });
});
