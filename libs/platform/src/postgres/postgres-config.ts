/** Local default: the loopback server of deploy/local, trust auth. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/expert_handoff';

export function databaseUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_URL && env.DATABASE_URL.length > 0 ? env.DATABASE_URL : DEFAULT_DATABASE_URL;
}
