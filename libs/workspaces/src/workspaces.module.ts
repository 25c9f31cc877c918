import { Module } from '@nestjs/common';
import { workspacesViewMigrations } from './adapters/workspaces-view.migrations';
import { workspacesViewProjection } from './adapters/workspaces-view.projection';
import { auditLogMigrations } from './adapters/audit-log.migrations';
import { auditLogProjection } from './adapters/audit-log.projection';
import { limitRequestsMigrations, limitRequestsProjection } from './adapters/limit-requests-view.projection';

/**
 * The workspaces context: workspaces and their API keys, requests to raise the in-flight limit,
 * and the audit log. Its commands are plain handlers; a process that appends events
 * these read models project mounts this module, so they are current in the same transaction.
 */
@Module({})
export class WorkspacesModule {
  static readonly projections = [workspacesViewProjection, limitRequestsProjection, auditLogProjection];
  static readonly migrations = [...workspacesViewMigrations, ...limitRequestsMigrations, ...auditLogMigrations];
}
