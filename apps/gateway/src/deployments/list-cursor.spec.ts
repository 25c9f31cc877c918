import { DomainError } from '@eh/contracts';
import { ListCursorCodec, filtersHash, type CursorScope } from './list-cursor';

const scope: CursorScope = { workspaceId: 'ws_A', mode: 'live', filtersHash: filtersHash({ statuses: [], skill: null, createdAfter: null, q: null }) };
const position = { createdAt: '2026-11-01T10:00:00.123000Z', id: 'dep_01JD0000000000000000000000' };
const codec = new ListCursorCodec('a-secret-of-at-least-thirty-two-characters');

function refusal(run: () => unknown): { code: string; field?: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('list cursors', () => {
  it('round-trip: decode gives back the position encoded for the same scope', () => {
    const cursor = codec.encode(scope, position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(codec.decode(cursor, scope)).toEqual(position);
  });

  it("refuses a tampered payload, a tampered signature, garbage and another key's cursor", () => {
    const cursor = codec.encode(scope, position);
    const [body, signature] = cursor.split('.');
    const forgedBody = Buffer.from(Buffer.from(body, 'base64url').toString().replace('10:00', '09:00')).toString('base64url');
    // Flips the last character: its two low bits are unused by a 32-byte signature, so A and B
    // decode to the same bytes; only a comparison of the text itself refuses the altered one.
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      `${forgedBody}.${signature}`,
      `${body}.${flipped}`,
      `${body}.`,
      'not-a-cursor',
      `${cursor}.x`,
      new ListCursorCodec('another-secret-of-thirty-two-characters').encode(scope, position),
    ]) {
      expect(refusal(() => codec.decode(bad, scope))).toMatchObject({ code: 'invalid_request', field: 'cursor' });
    }
  });

  it('refuses a cursor from another workspace or key mode', () => {
    const cursor = codec.encode(scope, position);
    for (const other of [
      { ...scope, workspaceId: 'ws_B' },
      { ...scope, mode: 'test' as const },
    ]) {
      expect(refusal(() => codec.decode(cursor, other))).toMatchObject({
        code: 'invalid_request',
        field: 'cursor',
        message: expect.stringContaining('another workspace'),
      });
    }
  });

  it('refuses a cursor used with other filters', () => {
    const cursor = codec.encode(scope, position);
    const filtered = { ...scope, filtersHash: filtersHash({ statuses: ['pending'], skill: null, createdAfter: null, q: null }) };
    expect(refusal(() => codec.decode(cursor, filtered))).toMatchObject({ field: 'cursor', message: expect.stringContaining('other filters') });
  });

  it('hashes filters by meaning: status order and repetition do not matter', () => {
    const a = filtersHash({ statuses: ['pending', 'accepted'], skill: 'copywriting', createdAfter: '2026-11-01T00:00:00.000Z', q: null });
    const b = filtersHash({ statuses: ['accepted', 'pending', 'accepted'], skill: 'copywriting', createdAfter: '2026-11-01T00:00:00.000Z', q: null });
    expect(a).toBe(b);
    expect(filtersHash({ statuses: ['pending'], skill: 'copywriting', createdAfter: null, q: null })).not.toBe(a);
    expect(filtersHash({ statuses: [], skill: null, createdAfter: null, q: null })).not.toBe(
      filtersHash({ statuses: [], skill: 'x', createdAfter: null, q: null }),
    );
    expect(filtersHash({ statuses: [], skill: null, createdAfter: null, q: 'launch' })).not.toBe(
      filtersHash({ statuses: [], skill: null, createdAfter: null, q: 'launches' }),
    );
  });
});
