import { DomainError, newId } from '@eh/contracts';
import { changePlan, grantCredits, ledgerPolicy, showAccount, type PlanChanges } from '@eh/ledger';
import type { ServiceConfig } from '@eh/platform';
import type { Database } from '@eh/runtime';
import type { OpsCommand } from './ops-commands';
import { existingWorkspace, numeric, text, withDatabase, type Options } from './ops-options';

const withWorkspace = <T>(config: ServiceConfig, options: Options, run: (database: Database, workspaceId: string) => Promise<T>): Promise<T> =>
  withDatabase(config, async (database) => run(database, (await existingWorkspace(database, options)).id));

const operator = (config: ServiceConfig) => ({ now: new Date(), requestId: newId('request'), policy: ledgerPolicy(config.ledger) });

/** Credit accounts, through the same commands and events as the admin API. */
export const ACCOUNT_OPS_COMMANDS: Record<string, OpsCommand> = {
  'account:show': {
    usage: 'account:show --workspace <ws_id>',
    options: ['workspace'],
    summary: "Show a workspace's credit account: plan, balance (allowance + top-up), reservations, this cycle.",
    run: (options, config) => withWorkspace(config, options, (database, workspaceId) => showAccount(database.store, workspaceId)),
  },
  'account:grant': {
    usage: 'account:grant --workspace <ws_id> --credits <n> [--note <text>] [--reference <id>]',
    options: ['workspace', 'credits', 'note', 'reference'],
    summary: 'Top up credits (they carry over from cycle to cycle); a repeated --reference grants nothing.',
    run: (options, config) =>
      withWorkspace(config, options, (database, workspaceId) => {
        const credits = numeric(options, 'credits');
        if (credits === undefined) throw new DomainError('invalid_request', '--credits is required', 'credits');
        const grant = { credits, note: text(options, 'note') ?? '', reference: text(options, 'reference') ?? null };
        return grantCredits(database.store, workspaceId, grant, operator(config));
      }),
  },
  'account:plan': {
    usage: 'account:plan --workspace <ws_id> [--name <plan>] [--cycle-cap <credits>] [--in-flight-limit <n>] [--cycle-days <days>]',
    options: ['workspace', 'name', 'cycle-cap', 'in-flight-limit', 'cycle-days'],
    summary: "Change a workspace's plan at once: omitted values stay; the allowance moves by the change of cap.",
    run: (options, config) =>
      withWorkspace(config, options, (database, workspaceId) => {
        const changes: PlanChanges = {};
        const name = text(options, 'name');
        const cap = numeric(options, 'cycle-cap');
        const inFlight = numeric(options, 'in-flight-limit');
        const days = numeric(options, 'cycle-days');
        if (name !== undefined) changes.name = name;
        if (cap !== undefined) changes.cycle_cap_credits = cap;
        if (inFlight !== undefined) changes.in_flight_limit = inFlight;
        if (days !== undefined) changes.cycle_days = days;
        return changePlan(database.store, workspaceId, changes, operator(config));
      }),
  },
};
