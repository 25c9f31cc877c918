export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

/** NATS_URL may list several servers, comma-separated (a cluster). */
export function natsServersFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const raw = env.NATS_URL && env.NATS_URL.length > 0 ? env.NATS_URL : DEFAULT_NATS_URL;
  return raw
    .split(',')
    .map((server) => server.trim())
    .filter((server) => server.length > 0);
}
