import { type WorkspaceEvent, unhandled } from '@eh/contracts';
import { eventProjection } from '@eh/event-store';
import { moveChangeMark, type SqlClient } from '@eh/platform';

/** The change mark a revocation moves; gateways poll it to know when the keys they keep may be stale. */
export const API_KEYS_MARK = 'api_keys';

/** Inline, so a key works the moment the command that issued it returns, and stops the moment it is revoked. */
export const workspacesViewProjection = eventProjection<WorkspaceEvent>({
  name: 'workspaces_view',
  handles: ['workspace.created', 'workspace.api_key_issued', 'workspace.api_key_revoked'],
  tables: ['workspaces_view', 'api_keys_view'],
  apply: applyWorkspaceEvent,
});

async function applyWorkspaceEvent(event: WorkspaceEvent, tx: SqlClient): Promise<void> {
  switch (event.type) {
    case 'workspace.created':
      await tx.query('INSERT INTO workspaces_view (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
        event.data.workspace_id,
        event.data.name,
        event.data.created_at,
      ]);
      return;
    case 'workspace.api_key_issued':
      await tx.query(
        `INSERT INTO api_keys_view (key_hash, key_id, workspace_id, mode, last4, issued_at, name)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (key_hash) DO NOTHING`,
        [
          event.data.key_hash,
          event.data.key_id,
          event.data.workspace_id,
          event.data.mode,
          event.data.last4,
          event.data.issued_at,
          event.data.name ?? 'Default',
        ],
      );
      return;
    case 'workspace.api_key_revoked':
      await tx.query('UPDATE api_keys_view SET revoked_at = $2 WHERE key_id = $1', [event.data.key_id, event.data.revoked_at]);
      await moveChangeMark(tx, API_KEYS_MARK);
      return;
    default:
      return unhandled('workspace event', event);
  }
}
