import { DomainError, isId, newId, OPERATIONS_ACTOR } from '@eh/contracts';
import { endOperatorSessions, inviteMember, inviteOperator, listOperators, removeOperator, type PeopleDeps } from '@eh/identity';
import type { ServiceConfig } from '@eh/platform';
import { findConsoleAccountByEmail } from '@eh/routing';
import type { Database } from '@eh/runtime';
import { createWorkspace } from '@eh/workspaces';
import type { OpsCommand } from './ops-commands';
import { required, text, withDatabase } from './ops-options';

/** The people handlers' dependencies on the CLI's own connection; experts' emails from the roster. */
const peopleDeps = (database: Database): PeopleDeps => ({
  store: database.store,
  sql: database.pool,
  expertSignsInWith: async (email) => (await findConsoleAccountByEmail(database.pool, email)) !== null,
});

/** The `--operator` an offboarding command names, checked before any connection opens. */
const operatorOption = (options: Record<string, string | boolean | undefined>): string => {
  const id = required(options, 'operator');
  if (!isId('operator', id)) throw new DomainError('invalid_request', '--operator must be an operator id (op_…)', 'operator');
  return id;
};

/** Workspaces with their first owner, and operations' own people. */
export const PEOPLE_OPS_COMMANDS: Record<string, OpsCommand> = {
  'workspace:create': {
    usage: 'workspace:create --name <name> [--owner-email <address>]',
    options: ['name', 'owner-email'],
    summary:
      'Create a workspace; prints its id and its test and live keys (shown once, stored hashed), and with --owner-email a one-time invitation link for its first owner.',
    async run(options, config: ServiceConfig) {
      const name = required(options, 'name');
      if (name.length > 200) throw new DomainError('invalid_request', '--name must be at most 200 characters', 'name');
      const ownerEmail = text(options, 'owner-email');
      return withDatabase(config, async (database) => {
        const now = new Date();
        const created = await createWorkspace(database.store, name, now);
        if (ownerEmail === undefined) return { ...created, owner_invitation: null };
        const invitation = await inviteMember(peopleDeps(database), {
          workspaceId: created.id,
          email: ownerEmail,
          role: 'owner',
          actor: OPERATIONS_ACTOR,
          ttlSeconds: config.console.invitationTtlSeconds,
          publicBaseUrl: config.publicBaseUrl,
          now,
          correlationId: newId('request'),
        });
        return { ...created, owner_invitation: { email: invitation.email, url: invitation.url, expires_at: invitation.expires_at } };
      });
    },
  },
  'operator:invite': {
    usage: 'operator:invite --email <address> [--name <name>]',
    options: ['email', 'name'],
    summary:
      'Invite an operator to the console: prints a one-time link; signed in, they use the admin API from the console. Again for a password reset: the old password and every session end at once.',
    run: (options, config) =>
      withDatabase(config, (database) =>
        inviteOperator(peopleDeps(database), {
          email: required(options, 'email'),
          name: text(options, 'name'),
          ttlSeconds: config.console.invitationTtlSeconds,
          publicBaseUrl: config.publicBaseUrl,
          now: new Date(),
          correlationId: newId('request'),
        }),
      ),
  },
  'operator:list': {
    usage: 'operator:list',
    options: [],
    summary: 'List operators: invited (a link is out), active (signs in) or removed.',
    run: (_options, config) => withDatabase(config, async (database) => ({ object: 'list', data: await listOperators(database.pool) })),
  },
  'operator:remove': {
    usage: 'operator:remove --operator <op_id>',
    options: ['operator'],
    summary: 'Offboard an operator: their password stops working and every session ends at once; operator:invite brings them back.',
    run: (options, config) => {
      const operatorId = operatorOption(options);
      return withDatabase(config, (database) => removeOperator(peopleDeps(database), { operatorId, now: new Date(), correlationId: newId('request') }));
    },
  },
  'operator:end-sessions': {
    usage: 'operator:end-sessions --operator <op_id>',
    options: ['operator'],
    summary: 'End every console session of an operator at once (a lost laptop); their password keeps working.',
    run: (options, config) => {
      const operatorId = operatorOption(options);
      return withDatabase(config, (database) => endOperatorSessions(peopleDeps(database), { operatorId, now: new Date() }));
    },
  },
};
