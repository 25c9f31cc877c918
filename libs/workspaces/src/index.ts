export * from './domain/workspace.decider';
export * from './adapters/api-key';
export * from './adapters/api-key.query';
export * from './adapters/workspaces-view.migrations';
export * from './adapters/workspaces-view.projection';
export * from './application/create-workspace.handler';
export * from './application/workspace-decider';
