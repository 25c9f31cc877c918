import { DomainError } from '@eh/contracts';
import { encodeRosterCursor, parseListExpertsQuery } from './list-experts.query';

const paramOf = (query: Record<string, unknown>): string | undefined => {
  try {
    parseListExpertsQuery(query);
  } catch (error) {
    if (error instanceof DomainError) return error.field;
    throw error;
  }
  return undefined;
};

describe('GET /v1/experts query', () => {
  it('defaults to 20 from the start, and round-trips its cursor', () => {
    expect(parseListExpertsQuery({})).toEqual({ limit: 20, afterId: null });
    const after = 'spec_01JEXPERT00000000000000001';
    expect(parseListExpertsQuery({ limit: '100', cursor: encodeRosterCursor(after) })).toEqual({ limit: 100, afterId: after });
  });

  it('refuses limits outside 1–100, forged cursors, repeats and unknown parameters, naming them', () => {
    expect(paramOf({ limit: '0' })).toBe('limit');
    expect(paramOf({ limit: '101' })).toBe('limit');
    expect(paramOf({ limit: '1.5' })).toBe('limit');
    expect(paramOf({ cursor: 'bogus' })).toBe('cursor');
    expect(paramOf({ cursor: Buffer.from('{"after":"ws_1"}').toString('base64url') })).toBe('cursor');
    expect(paramOf({ limit: ['1', '2'] })).toBe('limit');
    expect(paramOf({ skill: 'naming' })).toBe('skill');
  });
});
