export * from './domain/password-policy';
export * from './domain/secret-token';
export * from './domain/session-lifetime';
export * from './adapters/random-secret';
export * from './adapters/argon2-password.hasher';
export * from './adapters/identity.migrations';
export * from './adapters/session.store';
export * from './adapters/password.store';
