/**
 * `@eh/platform/testing`: a database, a namespace and a condition wait per test, kept out of
 * the production entry point (`@eh/platform`).
 */
export * from './test-namespace';
export * from './test-database';
export * from './wait-until';
export * from './index-scans';
export * from './query-plans';
export * from './local-http-server';
export * from './suite-test-database';
