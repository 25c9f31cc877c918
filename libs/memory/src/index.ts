export * from './domain/memory-entry.state';
export * from './domain/memory-entry.decider';
export * from './domain/memory-entry.resource';
export * from './application/memory-entry.handlers';
export * from './adapters/memory-view.migrations';
export * from './adapters/memory-view.projection';
export * from './adapters/memory-view.query';
export * from './adapters/memory-for-expert.query';
