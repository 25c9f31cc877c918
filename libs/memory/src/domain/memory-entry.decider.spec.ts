import type { MemoryEvent } from '@eh/contracts';
import { decideMemory, type MemoryCommand } from './memory-entry.decider';
import { evolveMemoryEntry, initialMemoryEntryState, type MemoryEntryState } from './memory-entry.state';

const T1 = '2030-01-01T00:00:00.000Z';
const T2 = '2030-01-02T00:00:00.000Z';
const put = (body: string, kind: 'voice' | 'positioning' = 'voice', now = T1): MemoryCommand => ({
  type: 'put',
  workspaceId: 'ws_1',
  mode: 'test',
  key: 'brand.voice',
  kind,
  body,
  source: null,
  now,
});
const fold = (events: MemoryEvent[]): MemoryEntryState => events.reduce(evolveMemoryEntry, initialMemoryEntryState);

/** given(events) / when(command) / then(events), as the deployment decider's tests read. */
const when = (given: MemoryEvent[], command: MemoryCommand): MemoryEvent[] => decideMemory(command, fold(given));

describe('the memory entry decider', () => {
  const created = when([], put('Dry, warm, short.'));

  it('creates an absent entry', () => {
    expect(created).toEqual([
      {
        type: 'memory.entry_created',
        data: { workspace_id: 'ws_1', mode: 'test', key: 'brand.voice', kind: 'voice', body: 'Dry, warm, short.', source: null, created_at: T1 },
      },
    ]);
    expect(fold(created)).toMatchObject({ status: 'active', entry: { created_at: T1, updated_at: T1 } });
  });

  it('replaces a changed entry, keeping when it was created; an identical put appends nothing', () => {
    const updated = when(created, put('Dry and warm.', 'voice', T2));
    expect(updated.map((event) => event.type)).toEqual(['memory.entry_updated']);
    expect(fold([...created, ...updated])).toMatchObject({ entry: { body: 'Dry and warm.', created_at: T1, updated_at: T2 } });
    expect(when(created, put('Dry, warm, short.', 'voice', T2))).toEqual([]);
    expect(when(created, put('Dry, warm, short.', 'positioning', T2)).map((event) => event.type)).toEqual(['memory.entry_updated']);
  });

  it('deletes an active entry; a deleted or absent one is not found; a deleted key can be written again', () => {
    const deleted = when(created, { type: 'delete', key: 'brand.voice', now: T2 });
    expect(deleted).toEqual([{ type: 'memory.entry_deleted', data: { workspace_id: 'ws_1', mode: 'test', key: 'brand.voice', deleted_at: T2 } }]);
    expect(() => when([...created, ...deleted], { type: 'delete', key: 'brand.voice', now: T2 })).toThrow(
      expect.objectContaining({ code: 'not_found', field: 'key' }),
    );
    expect(() => when([], { type: 'delete', key: 'brand.voice', now: T2 })).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(when([...created, ...deleted], put('New voice.', 'voice', T2)).map((event) => event.type)).toEqual(['memory.entry_created']);
  });

  it('refuses a body over 100 KB of UTF-8, counting bytes not characters', () => {
    expect(when([], put('a'.repeat(100 * 1024)))).toHaveLength(1);
    expect(() => when([], put('a'.repeat(100 * 1024 + 1)))).toThrow(expect.objectContaining({ code: 'invalid_request', field: 'body' }));
    // 30,000 four-byte characters: 120,000 bytes.
    expect(() => when([], put('😀'.repeat(30000)))).toThrow(expect.objectContaining({ field: 'body' }));
  });
});
