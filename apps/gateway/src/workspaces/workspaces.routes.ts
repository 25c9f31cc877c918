/** Workspaces (libs/workspaces): operations' workspaces; the members' workspace view, team, audit log and limit requests. */
import { AdminWorkspacesController } from './admin-workspaces.controller';
import { AuditLogController } from './audit-log.controller';
import { AdminLimitRequestsController, LimitRequestsController } from './limit-requests.controller';
import { MembersController } from './members.controller';
import { WorkspaceController } from './workspace.controller';
import { WorkspacePeople } from './workspace-people.service';

export const WORKSPACES_CONTROLLERS = [
  AdminWorkspacesController,
  WorkspaceController,
  MembersController,
  AuditLogController,
  LimitRequestsController,
  AdminLimitRequestsController,
];

export const workspacesProviders = [WorkspacePeople];
