export * from './domain/workspace.decider';
export * from './adapters/api-key';
export * from './adapters/api-key.query';
export * from './adapters/key-usage-recorder';
export * from './adapters/workspaces-view.migrations';
export * from './adapters/workspaces-view.projection';
export * from './application/create-workspace.handler';
export * from './application/manage-api-keys.handler';
export * from './adapters/workspace.query';
// The audit log and requests to raise the in-flight limit.
export * from './domain/audit-entry';
export * from './adapters/audit-log.migrations';
export * from './adapters/audit-log.projection';
export * from './domain/limit-request.decider';
export * from './application/limit-requests.handler';
export * from './adapters/limit-requests-view.projection';
export * from './adapters/limit-requests-view.query';
export * from './workspaces.module';
