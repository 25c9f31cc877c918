import { isId } from '@eh/contracts';
import { decodeTime } from 'ulid';
import { deterministicId } from './deterministic-id.rules';

describe('deterministicId', () => {
  const slot = {
    workspaceId: 'ws_01JD0000000000000000000000',
    route: 'POST /v1/deployments',
    key: 'order-17',
    createdAt: new Date('2026-03-01T12:00:00.123Z'),
  };

  it('is a valid deployment id whose time part is the first claim', () => {
    const id = deterministicId('deployment', slot);
    expect(isId('deployment', id)).toBe(true);
    expect(decodeTime(id.slice('dep_'.length))).toBe(slot.createdAt.getTime());
  });

  it('is the same for every attempt on the slot', () => {
    expect(deterministicId('deployment', { ...slot, createdAt: new Date(slot.createdAt) })).toBe(deterministicId('deployment', slot));
  });

  it('differs by workspace, route, key and first-claim time', () => {
    const id = deterministicId('deployment', slot);
    for (const other of [
      { ...slot, workspaceId: 'ws_01JD0000000000000000000001' },
      { ...slot, route: 'POST /v1/handoffs' },
      { ...slot, key: 'order-18' },
      { ...slot, createdAt: new Date(slot.createdAt.getTime() + 1) },
    ]) {
      expect(deterministicId('deployment', other)).not.toBe(id);
    }
  });

  it('spreads the hash over the whole random part', () => {
    const randomParts = new Set(Array.from({ length: 200 }, (_, n) => deterministicId('deployment', { ...slot, key: `k${n}` }).slice(-16)));
    expect(randomParts.size).toBe(200);
    const lastChars = new Set([...randomParts].map((part) => part[15]));
    expect(lastChars.size).toBeGreaterThan(16);
  });
});

describe('deterministicId after the derivations were merged', () => {
  it('gives the ids it gave before, byte for byte', () => {
    const createdAt = new Date('2026-03-01T12:00:00.123Z');
    expect(deterministicId('deployment', { workspaceId: 'ws_01JD0000000000000000000000', route: 'POST /v1/deployments', key: 'order-17', createdAt })).toBe(
      'dep_01KJMMA2KV3P31XZBT5FZ8PG3Y',
    );
    expect(deterministicId('handoff', { workspaceId: 'ws_01JD0000000000000000000000', route: 'POST /v1/handoffs', key: 'h-1', createdAt })).toBe(
      'hnd_01KJMMA2KV0R2D0B6TTWVPHRXV',
    );
  });
});
