/**
 * `@eh/event-store/testing`: what tests of an adapter or a consumer need, kept out of the
 * production entry point (`@eh/event-store`) so no service bundles jest suites.
 */
export * from './event-store.contract';
export * from './read-all.contract';
export * from './contract-fixtures';
export * from './jetstream-test-env';
export * from './postgres-pending-append';
export * from './statements-of';
export * from './counting-reads';
export * from './postgres-store-per-suite';
