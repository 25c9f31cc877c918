import { DomainError, newId } from '@eh/contracts';
import { changePlan, grantCredits, ledgerPolicy, showAccount, type PlanChanges } from '@eh/ledger';
import type { ServiceConfig } from '@eh/platform';
import { openDatabase, type Database } from '@eh/runtime';
import { findWorkspace } from '@eh/workspaces';
import type { OpsCommand } from './ops-commands';

type Options = Record<string, string | boolean | undefined>;

const text = (options: Options, name: string): string | undefined => {
  const value = options[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** A numeric flag as a number; anything unparsable is refused here, its range by the domain. */
function numeric(options: Options, name: string): number | undefined {
  const value = text(options, name);
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new DomainError('invalid_request', `--${name} must be a number`, name);
  return parsed;
}

async function withWorkspace<T>(config: ServiceConfig, options: Options, run: (database: Database, workspaceId: string) => Promise<T>): Promise<T> {
  const workspaceId = text(options, 'workspace');
  if (!workspaceId) throw new DomainError('invalid_request', '--workspace is required', 'workspace');
  const database = await openDatabase(config, 2);
  try {
    if (!(await findWorkspace(database.pool, workspaceId))) throw new DomainError('not_found', `no workspace ${workspaceId}`, 'workspace');
    return await run(database, workspaceId);
  } finally {
    await database.close();
  }
}

const operator = (config: ServiceConfig) => ({ now: new Date(), requestId: newId('request'), policy: ledgerPolicy(config.ledger) });

/** Credit accounts (issue 4), through the same commands and events as the admin API. */
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
