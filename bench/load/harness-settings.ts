import type { RunningServices } from '../../test/support/service-harness';

/** Where each stack's own names and secrets go: not settings of the service's behaviour. */
const PER_RUN_NAMES = new Set([
  'DATABASE_URL',
  'NATS_STREAM',
  'SUBJECT_PREFIX',
  'REDIS_PREFIX',
  'GATEWAY_PORT',
  'GATEWAY_HOST',
  'SECRETS_KEYRING',
  'ATTACHMENT_URL_SECRET',
  'NODE_COMPILE_CACHE',
  'NODE_OPTIONS',
  'ADMIN_API_KEY',
]);

/** What the test harness sets for every stack beyond its own names (the plan's caps, say). */
export function harnessSettings(services: RunningServices): Record<string, string> {
  return Object.fromEntries(Object.entries(services.env).filter(([name]) => !PER_RUN_NAMES.has(name)));
}
