/** Workspaces (libs/workspaces): operations' workspaces, and the members' API keys, audit log, limit requests and workspace view. */
import { AdminWorkspacesController } from '../admin/workspaces/admin-workspaces.controller';
import { ApiKeysController } from '../api-keys/api-keys.controller';
import { AuditLogController } from '../audit/audit-log.controller';
import { AdminLimitRequestsController, LimitRequestsController } from '../limits/limit-requests.controller';
import { WorkspaceController } from '../members/workspace.controller';

export const WORKSPACES_CONTROLLERS = [AdminWorkspacesController, WorkspaceController, ApiKeysController, AuditLogController, LimitRequestsController, AdminLimitRequestsController];
