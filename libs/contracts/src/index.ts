export * from './ids';
export * from './deployment-events';
export * from './errors';
