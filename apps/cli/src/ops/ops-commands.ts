import { DomainError } from '@eh/contracts';
import type { ServiceConfig } from '@eh/platform';
import { openDatabase } from '@eh/runtime';
import { createWorkspace, findWorkspace, parseKeyMode, revokeApiKey, rotateApiKey } from '@eh/workspaces';
import { ACCOUNT_OPS_COMMANDS } from './account-ops-commands';
import { EXPERT_OPS_COMMANDS } from './expert-ops-commands';
import { WEBHOOK_COMMANDS } from './webhook-commands';

export interface OpsCommand {
  usage: string;
  /** The --flags it takes (each with a value). */
  options: readonly string[];
  summary: string;
  run(options: Record<string, string | boolean | undefined>, config: ServiceConfig): Promise<unknown>;
}

function requiredText(options: Record<string, string | boolean | undefined>, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value.trim() === '') throw new DomainError('invalid_request', `--${name} is required`, name);
  return value.trim();
}

async function withDatabase<T>(config: ServiceConfig, run: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const database = await openDatabase(config, 2);
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

async function existingWorkspace(database: Awaited<ReturnType<typeof openDatabase>>, id: string) {
  const workspace = await findWorkspace(database.pool, id);
  if (!workspace) throw new DomainError('not_found', `no workspace ${id}`, 'workspace');
  return workspace;
}

/** Operations talk to the event store directly: the same commands and events as every service. */
export const OPS_COMMANDS: Record<string, OpsCommand> = {
  'workspace:create': {
    usage: 'workspace:create --name <name>',
    options: ['name'],
    summary: 'Create a workspace; prints its id and its test and live keys (shown once, stored hashed).',
    async run(options, config) {
      const name = requiredText(options, 'name');
      if (name.length > 200) throw new DomainError('invalid_request', '--name must be at most 200 characters', 'name');
      return withDatabase(config, (database) => createWorkspace(database.store, name, new Date()));
    },
  },
  'workspace:show': {
    usage: 'workspace:show --workspace <ws_id>',
    options: ['workspace'],
    summary: "Show a workspace and its keys' metadata (never the keys themselves).",
    run: (options, config) => withDatabase(config, (database) => existingWorkspace(database, requiredText(options, 'workspace'))),
  },
  'key:rotate': {
    usage: 'key:rotate --workspace <ws_id> --mode test|live',
    options: ['workspace', 'mode'],
    summary: "Revoke the mode's active key and issue a new one (printed once).",
    run: (options, config) =>
      withDatabase(config, async (database) => {
        const workspace = await existingWorkspace(database, requiredText(options, 'workspace'));
        return rotateApiKey(database.store, workspace.id, parseKeyMode(requiredText(options, 'mode')), new Date());
      }),
  },
  'key:revoke': {
    usage: 'key:revoke --workspace <ws_id> --key <key_id>',
    options: ['workspace', 'key'],
    summary: 'Revoke a key at once, on every gateway replica.',
    run: (options, config) =>
      withDatabase(config, async (database) => {
        const workspace = await existingWorkspace(database, requiredText(options, 'workspace'));
        await revokeApiKey(database.store, workspace.id, requiredText(options, 'key'), new Date());
        return existingWorkspace(database, workspace.id);
      }),
  },
  ...WEBHOOK_COMMANDS,
  ...EXPERT_OPS_COMMANDS,
  ...ACCOUNT_OPS_COMMANDS,
};
