export * from './domain/password-policy';
export * from './domain/secret-token';
export * from './domain/session-lifetime';
export * from './adapters/random-secret';
export * from './adapters/argon2-password.hasher';
export * from './adapters/identity.migrations';
export * from './adapters/session.store';
export * from './adapters/password.store';
// Workspace members and operators.
export * from './domain/console-email.rules';
export * from './domain/members.decider';
export * from './domain/operator.decider';
export * from './adapters/people.migrations';
export * from './adapters/people.projections';
export * from './adapters/people.query';
export * from './application/member.handlers';
export * from './application/operator.handlers';
export type { InvitationLink, OtherEmailHolder, PeopleDeps } from './application/people-deps';
export * from './identity.module';
