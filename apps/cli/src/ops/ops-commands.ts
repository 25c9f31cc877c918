import { DomainError } from '@eh/contracts';
import type { ServiceConfig } from '@eh/platform';
import { openDatabase } from '@eh/runtime';
import { createWorkspace } from '@eh/workspaces';

export interface OpsCommand {
  usage: string;
  summary: string;
  run(options: Record<string, string | boolean | undefined>, config: ServiceConfig): Promise<unknown>;
}

function requiredText(options: Record<string, string | boolean | undefined>, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value.trim() === '') throw new DomainError('invalid_request', `--${name} is required`, name);
  return value.trim();
}

/** Operations talk to the event store directly: the same commands and events as every service. */
export const OPS_COMMANDS: Record<string, OpsCommand> = {
  'workspace:create': {
    usage: 'workspace:create --name <name>',
    summary: 'Create a workspace; prints its id and its test and live keys (shown once, stored hashed).',
    async run(options, config) {
      const name = requiredText(options, 'name');
      if (name.length > 200) throw new DomainError('invalid_request', '--name must be at most 200 characters', 'name');
      const database = await openDatabase(config, 2);
      try {
        return await createWorkspace(database.store, name, new Date());
      } finally {
        await database.close();
      }
    },
  },
};
