export * from './domain/workspace.decider';
export * from './adapters/api-key';
export * from './adapters/api-key.query';
export * from './adapters/workspaces-view.migrations';
export * from './adapters/workspaces-view.projection';
export * from './application/create-workspace.handler';
export * from './application/manage-api-keys.handler';
export * from './adapters/workspace.query';
// The audit log and requests to raise the in-flight limit.
export * from './audit/audit-entry';
export * from './audit/audit-log.migrations';
export * from './audit/audit-log.projection';
export * from './limits/limit-request.decider';
export * from './limits/limit-requests';
export * from './workspaces.module';
