import { DomainError, type WorkspaceEvent } from '@eh/contracts';
import { decideWorkspace, foldWorkspace, type NewKey } from './workspace.decider';

const now = '2026-11-21T10:00:00.000Z';
const key = (keyId: string, mode: 'test' | 'live'): NewKey => ({ keyId, mode, keyHash: `hash-${keyId}`, last4: 'abcd' });
const created = decideWorkspace({ type: 'create', workspaceId: 'ws_1', name: 'Acme', keys: [key('key_t', 'test'), key('key_l', 'live')], now }, foldWorkspace([]));

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
    expect(codeOf(() => decideWorkspace({ type: 'create', workspaceId: 'ws_1', name: 'x', keys: [], now }, foldWorkspace(created)))).toBe('invalid_state_transition');
    expect(codeOf(() => decideWorkspace({ type: 'create', workspaceId: 'ws_2', name: 'x', keys: [key('a', 'test'), key('b', 'test')], now }, foldWorkspace([])))).toBe('invalid_request');
  });

  it('rotates by revoking the active key of the mode and issuing a new one', () => {
    const rotated = decideWorkspace({ type: 'rotate_key', key: key('key_t2', 'test'), now }, foldWorkspace(created));
    expect(rotated).toEqual([
      { type: 'workspace.api_key_revoked', data: { workspace_id: 'ws_1', key_id: 'key_t', revoked_at: now } },
      { type: 'workspace.api_key_issued', data: { workspace_id: 'ws_1', key_id: 'key_t2', mode: 'test', key_hash: 'hash-key_t2', last4: 'abcd', issued_at: now } },
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
