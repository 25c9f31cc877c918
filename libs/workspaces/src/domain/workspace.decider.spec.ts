import { DomainError, type WorkspaceEvent } from '@eh/contracts';
import { decideWorkspace, foldWorkspace, type NewKey } from './workspace.decider';

const now = '2026-11-21T10:00:00.000Z';
const key = (keyId: string, mode: 'test' | 'live'): NewKey => ({ keyId, mode, keyHash: `hash-${keyId}`, last4: 'abcd' });
const created = decideWorkspace(
  { type: 'create', workspaceId: 'ws_1', name: 'Acme', keys: [key('key_t', 'test'), key('key_l', 'live')], now },
  foldWorkspace([]),
);

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('workspace decider', () => {
  it('creates a workspace with one key per mode', () => {
    expect(created.map((event) => event.type)).toEqual(['workspace.created', 'workspace.api_key_issued', 'workspace.api_key_issued']);
    expect(foldWorkspace(created)).toEqual({
      status: 'active',
      workspaceId: 'ws_1',
      name: 'Acme',
      keys: [
        { keyId: 'key_t', mode: 'test', revoked: false },
        { keyId: 'key_l', mode: 'live', revoked: false },
      ],
    });
  });

  it('refuses a second create and two keys of one mode', () => {
    expect(codeOf(() => decideWorkspace({ type: 'create', workspaceId: 'ws_1', name: 'x', keys: [], now }, foldWorkspace(created)))).toBe(
      'invalid_state_transition',
    );
    expect(
      codeOf(() => decideWorkspace({ type: 'create', workspaceId: 'ws_2', name: 'x', keys: [key('a', 'test'), key('b', 'test')], now }, foldWorkspace([]))),
    ).toBe('invalid_request');
  });

  it('rotates by revoking the active key of the mode and issuing a new one', () => {
    const rotated = decideWorkspace({ type: 'rotate_key', key: key('key_t2', 'test'), now }, foldWorkspace(created));
    expect(rotated).toEqual([
      { type: 'workspace.api_key_revoked', data: { workspace_id: 'ws_1', key_id: 'key_t', revoked_at: now } },
      {
        type: 'workspace.api_key_issued',
        data: { workspace_id: 'ws_1', key_id: 'key_t2', mode: 'test', key_hash: 'hash-key_t2', last4: 'abcd', issued_at: now },
      },
    ]);
  });

  it('revokes once; a second revoke changes nothing; unknown keys and workspaces are not found', () => {
    const revoked = decideWorkspace({ type: 'revoke_key', keyId: 'key_l', now }, foldWorkspace(created));
    const history: WorkspaceEvent[] = [...created, ...revoked];
    expect(decideWorkspace({ type: 'revoke_key', keyId: 'key_l', now }, foldWorkspace(history))).toEqual([]);
    expect(codeOf(() => decideWorkspace({ type: 'revoke_key', keyId: 'key_x', now }, foldWorkspace(history)))).toBe('not_found');
    expect(codeOf(() => decideWorkspace({ type: 'revoke_key', keyId: 'key_x', now }, foldWorkspace([])))).toBe('not_found');
    expect(codeOf(() => decideWorkspace({ type: 'rotate_key', key: key('k', 'live'), now }, foldWorkspace([])))).toBe('not_found');
  });
});

describe('workspace decider: named keys from the dashboard', () => {
  const actor = { kind: 'member' as const, id: 'mem_1', label: 'o@example.com' };
  const issue = (keyId: string, mode: 'test' | 'live' = 'live', name = 'CI') => ({ type: 'issue_key' as const, key: key(keyId, mode), name, actor, now });

  it("given a workspace, when a named key is issued, then it joins the mode's active keys with its name and who issued it", () => {
    const events = decideWorkspace(issue('key_n'), foldWorkspace(created));
    expect(events).toEqual([
      {
        type: 'workspace.api_key_issued',
        data: { workspace_id: 'ws_1', key_id: 'key_n', mode: 'live', key_hash: 'hash-key_n', last4: 'abcd', issued_at: now, name: 'CI', actor },
      },
    ]);
    const state = foldWorkspace([...created, ...events]);
    expect(state.status === 'active' && state.keys.filter((k) => k.mode === 'live' && !k.revoked).map((k) => k.keyId)).toEqual(['key_l', 'key_n']);
  });

  it('given a key, when revoked within its mode by a member, then the actor is recorded; again, nothing happens', () => {
    const revoked = decideWorkspace({ type: 'revoke_key', keyId: 'key_l', mode: 'live', actor, now }, foldWorkspace(created));
    expect(revoked).toEqual([{ type: 'workspace.api_key_revoked', data: { workspace_id: 'ws_1', key_id: 'key_l', revoked_at: now, actor } }]);
    expect(decideWorkspace({ type: 'revoke_key', keyId: 'key_l', mode: 'live', actor, now }, foldWorkspace([...created, ...revoked]))).toEqual([]);
  });

  it("refuses a blank or long name, a twenty-first active key, another mode's key, and a workspace that does not exist", () => {
    expect(codeOf(() => decideWorkspace(issue('key_x', 'live', '  '), foldWorkspace(created)))).toBe('invalid_request');
    expect(codeOf(() => decideWorkspace(issue('key_x', 'live', 'x'.repeat(101)), foldWorkspace(created)))).toBe('invalid_request');
    let events = created;
    for (let i = 0; i < 19; i++) events = [...events, ...decideWorkspace(issue(`key_${i}`), foldWorkspace(events))];
    expect(codeOf(() => decideWorkspace(issue('key_21'), foldWorkspace(events)))).toBe('api_key_limit_reached');
    expect(decideWorkspace(issue('key_t2', 'test'), foldWorkspace(events))).toHaveLength(1);
    expect(codeOf(() => decideWorkspace({ type: 'revoke_key', keyId: 'key_t', mode: 'live', actor, now }, foldWorkspace(created)))).toBe('not_found');
    expect(codeOf(() => decideWorkspace(issue('key_y'), foldWorkspace([])))).toBe('not_found');
  });
});
