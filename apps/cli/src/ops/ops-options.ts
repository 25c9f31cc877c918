import { DomainError } from '@eh/contracts';
import type { ServiceConfig } from '@eh/platform';
import { openDatabase, type Database } from '@eh/runtime';
import { findWorkspace, type WorkspaceSummary } from '@eh/workspaces';

/** Parsed `--flag value` pairs of one ops command. */
export type Options = Record<string, string | boolean | undefined>;

/** A flag's trimmed text; absent or blank is undefined. */
export function text(options: Options, name: string): string | undefined {
  const value = options[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function required(options: Options, name: string): string {
  const value = text(options, name);
  if (value === undefined) throw new DomainError('invalid_request', `--${name} is required`, name);
  return value;
}

/** A numeric flag as a number; anything unparsable is refused here, its range by the domain. */
export function numeric(options: Options, name: string): number | undefined {
  const value = text(options, name);
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new DomainError('invalid_request', `--${name} must be a number`, name);
  return parsed;
}

/** Opens the store for one command and always closes it, so the CLI exits promptly. */
export async function withDatabase<T>(config: ServiceConfig, run: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(config, 2);
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

/** The workspace a command names with --workspace, or `not_found`. */
export async function existingWorkspace(database: Database, options: Options): Promise<WorkspaceSummary> {
  const id = required(options, 'workspace');
  const workspace = await findWorkspace(database.pool, id);
  if (!workspace) throw new DomainError('not_found', `no workspace ${id}`, 'workspace');
  return workspace;
}
