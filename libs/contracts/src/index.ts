export * from './ids';
export * from './deployment-events';
export * from './errors';
export * from './workspace-events';
export * from './event-ids';
export * from './rpc';
