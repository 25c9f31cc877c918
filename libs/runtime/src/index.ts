export * from './database';
export * from './messaging';
export * from './service-process';
