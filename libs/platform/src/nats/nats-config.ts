export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

/** A NATS address list as configured (`NATS_URL`): several servers of a cluster, comma-separated. */
export function natsServerList(raw: string | readonly string[] | undefined): string[] {
  const entries = typeof raw === 'string' ? [raw] : (raw ?? []);
  const servers = entries
    .flatMap((entry) => entry.split(','))
    .map((server) => server.trim())
    .filter((server) => server.length > 0);
  return servers.length > 0 ? servers : [DEFAULT_NATS_URL];
}

/** NATS_URL may list several servers, comma-separated (a cluster). */
export function natsServersFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return natsServerList(env.NATS_URL);
}
