import type { Actor } from './actor';
import type { KeyMode } from './deployment-events';

/** Events of the `workspace-<ws_id>` stream: the workspace and its API keys. */
export interface WorkspaceCreated {
  type: 'workspace.created';
  data: { workspace_id: string; name: string; created_at: string };
}

/** Only the key's SHA-256 is stored; the key itself is shown once, to the caller that issued it. */
export interface ApiKeyIssued {
  type: 'workspace.api_key_issued';
  data: {
    workspace_id: string;
    key_id: string;
    mode: KeyMode;
    key_hash: string;
    last4: string;
    issued_at: string;
    /** Named in the dashboard; keys issued before (or by operations) read as "Default". */
    name?: string;
    actor?: Actor;
  };
}

export interface ApiKeyRevoked {
  type: 'workspace.api_key_revoked';
  data: { workspace_id: string; key_id: string; revoked_at: string; actor?: Actor };
}

export type WorkspaceEvent = WorkspaceCreated | ApiKeyIssued | ApiKeyRevoked;

export const workspaceStreamName = (workspaceId: string): string => `workspace-${workspaceId}`;
