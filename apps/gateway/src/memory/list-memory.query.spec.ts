import { encodeMemoryCursor, parseListMemoryQuery } from './list-memory.query';

describe('GET /v1/memory query', () => {
  it('defaults to 20 entries of every kind from the first key', () => {
    expect(parseListMemoryQuery({})).toEqual({ kind: null, limit: 20, after: null });
  });

  it('reads kind, limit and a cursor from a previous page', () => {
    expect(parseListMemoryQuery({ kind: 'voice', limit: '5', cursor: encodeMemoryCursor('brand.voice') })).toEqual({
      kind: 'voice',
      limit: 5,
      after: 'brand.voice',
    });
  });

  it.each([
    [{ kind: 'tone' }, 'kind'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ cursor: 'not-a-cursor' }, 'cursor'],
    [{ cursor: encodeMemoryCursor('UPPER') }, 'cursor'],
    [{ knd: 'voice' }, 'knd'],
    [{ kind: ['voice', 'other'] }, 'kind'],
  ])('refuses %j naming %s', (query, param) => {
    expect(() => parseListMemoryQuery(query)).toThrow(expect.objectContaining({ code: 'invalid_request', field: param }));
  });
});
