import { DomainError } from '@eh/contracts';
import { parseListQuery } from './list-deployments.query';

function refusedParam(query: Record<string, unknown>): string | undefined {
  try {
    parseListQuery(query);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid_request') return error.field;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(query)} to be refused`);
}

describe('GET /v1/deployments query parsing', () => {
  it('defaults: no filters, limit 20, no cursor', () => {
    expect(parseListQuery({})).toEqual({ filters: { statuses: [], skill: null, createdAfter: null, q: null }, limit: 20, cursor: null });
  });

  it('reads repeated status, skill, created_after, limit and cursor', () => {
    const parsed = parseListQuery({
      status: ['pending', 'accepted', 'pending'],
      skill: 'copywriting',
      created_after: '2026-11-01T10:00:00+02:00',
      limit: '100',
      cursor: 'abc.def',
    });
    expect(parsed).toEqual({
      filters: { statuses: ['pending', 'accepted'], skill: 'copywriting', createdAfter: '2026-11-01T08:00:00.000Z', q: null },
      limit: 100,
      cursor: 'abc.def',
    });
    expect(parseListQuery({ status: 'needs_input' }).filters.statuses).toEqual(['needs_input']);
    expect(parseListQuery({ limit: '1' }).limit).toBe(1);
  });

  it.each([
    ['2026-11-01', '2026-11-01T00:00:00.000Z'],
    ['2026-11-01T10:00Z', '2026-11-01T10:00:00.000Z'],
    ['2026-11-01T10:00:00.5-0130', '2026-11-01T11:30:00.500Z'],
    // An unencoded "+" in the query string arrives as a space.
    ['2026-11-01T10:00:00 02:00', '2026-11-01T08:00:00.000Z'],
  ])('reads created_after %s as %s', (raw, normalised) => {
    expect(parseListQuery({ created_after: raw }).filters.createdAfter).toBe(normalised);
  });

  it.each([
    [{ status: 'done' }, 'status'],
    [{ status: ['pending', 'nope'] }, 'status'],
    [{ status: '' }, 'status'],
    [{ skill: 'Not A Tag' }, 'skill'],
    [{ skill: ['a', 'b'] }, 'skill'],
    [{ created_after: 'yesterday' }, 'created_after'],
    [{ created_after: '2026-02-30' }, 'created_after'],
    [{ created_after: '2026-11-01T10:00:00' }, 'created_after'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ limit: '1.5' }, 'limit'],
    [{ limit: '-1' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ limit: '' }, 'limit'],
    [{ limit: ['10', '20'] }, 'limit'],
    [{ cursor: ['a', 'b'] }, 'cursor'],
    [{ q: 'ab' }, 'q'],
    [{ q: ' é ' }, 'q'],
    [{ q: ['launch', 'copy'] }, 'q'],
    [{ stauts: 'pending' }, 'stauts'],
    [{ page: '2', status: 'pending' }, 'page'],
  ])('refuses %j naming %s', (query, param) => {
    expect(refusedParam(query)).toBe(param);
  });

  it('reads q: a deployment id as is, text trimmed, blank as no search', () => {
    expect(parseListQuery({ q: 'dep_01JD0000000000000000000000' }).filters.q).toBe('dep_01JD0000000000000000000000');
    expect(parseListQuery({ q: '  launch copy ' }).filters.q).toBe('launch copy');
    expect(parseListQuery({ q: '   ' }).filters.q).toBeNull();
  });

  it('names every unknown parameter in the message', () => {
    expect(() => parseListQuery({ foo: '1', bar: '2' })).toThrow('unknown query parameters foo, bar');
  });
});
