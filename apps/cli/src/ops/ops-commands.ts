import type { ServiceConfig } from '@eh/platform';
import { parseKeyMode, revokeApiKey, rotateApiKey } from '@eh/workspaces';
import { ACCOUNT_OPS_COMMANDS } from './account-ops-commands';
import { EXPERT_OPS_COMMANDS } from './expert-ops-commands';
import { PEOPLE_OPS_COMMANDS } from './people-ops-commands';
import { existingWorkspace, required, withDatabase, type Options } from './ops-options';
import { WEBHOOK_COMMANDS } from './webhook-commands';

export interface OpsCommand {
  usage: string;
  /** The --flags it takes (each with a value). */
  options: readonly string[];
  summary: string;
  run(options: Options, config: ServiceConfig): Promise<unknown>;
}

/** Operations talk to the event store directly: the same commands and events as every service. */
export const OPS_COMMANDS: Record<string, OpsCommand> = {
  // --owner-email invites the first owner.
  ...PEOPLE_OPS_COMMANDS,
  'workspace:show': {
    usage: 'workspace:show --workspace <ws_id>',
    options: ['workspace'],
    summary: "Show a workspace and its keys' metadata (never the keys themselves).",
    run: (options, config) => withDatabase(config, (database) => existingWorkspace(database, options)),
  },
  'key:rotate': {
    usage: 'key:rotate --workspace <ws_id> --mode test|live',
    options: ['workspace', 'mode'],
    summary: "Revoke the mode's active key and issue a new one (printed once).",
    run: (options, config) =>
      withDatabase(config, async (database) => {
        const workspace = await existingWorkspace(database, options);
        return rotateApiKey(database.store, workspace.id, parseKeyMode(required(options, 'mode')), new Date());
      }),
  },
  'key:revoke': {
    usage: 'key:revoke --workspace <ws_id> --key <key_id>',
    options: ['workspace', 'key'],
    summary: 'Revoke a key at once, on every gateway replica.',
    run: (options, config) =>
      withDatabase(config, async (database) => {
        const workspace = await existingWorkspace(database, options);
        await revokeApiKey(database.store, workspace.id, required(options, 'key'), new Date());
        return existingWorkspace(database, options);
      }),
  },
  ...WEBHOOK_COMMANDS,
  ...EXPERT_OPS_COMMANDS,
  ...ACCOUNT_OPS_COMMANDS,
};
