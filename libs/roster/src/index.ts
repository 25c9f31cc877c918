export * from './adapters/roster-view.migrations';
export * from './adapters/roster-view.query';
