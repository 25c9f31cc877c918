import { checkUrlShape } from '@eh/delivery';
import { CHANNELS, type Channel } from '../domain/notification';
import { DEFAULT_RETRY_POLICIES, parseRetryDelays, type RetryPolicy } from '../domain/retry-schedule';
import type { VapidKeys } from './push.channel';

export interface NotificationConfig {
  /** `${PUBLIC_BASE_URL}/console`: e-mail links open pages below it. */
  consoleBaseUrl: string;
  /** Null when VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are not both set: no push is offered or sent. */
  vapid: VapidKeys | null;
  /** http and loopback/private push endpoints, for tests and local development only. */
  allowPrivatePushEndpoints: boolean;
  retry: Record<Channel, RetryPolicy>;
  /** How long a claimed send is held: past the longest attempt (SMTP and push timeouts), so only a dead process's claim runs out. */
  leaseMs: number;
  /** How often due retries and abandoned claims are looked for. */
  pollIntervalMs: number;
  pushTimeoutMs: number;
  /** Sends in flight per process. */
  concurrency: number;
}

const DEFAULT_VAPID_SUBJECT = 'mailto:operations@expert-handoff.localhost';

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}`);
  return value;
}

export function loadNotificationConfig(env: NodeJS.ProcessEnv, publicBaseUrl: string): NotificationConfig {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? '';
  if ((publicKey === '') !== (privateKey === ''))
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (npx web-push generate-vapid-keys)');
  const subject = env.VAPID_SUBJECT?.trim() || DEFAULT_VAPID_SUBJECT;
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new Error('VAPID_SUBJECT must be a mailto: or https: URL');
  const retry = Object.fromEntries(
    CHANNELS.map((channel) => [
      channel,
      parseRetryDelays(
        env[`NOTIFY_${channel.toUpperCase()}_RETRY_DELAYS_MS`],
        DEFAULT_RETRY_POLICIES[channel],
        `NOTIFY_${channel.toUpperCase()}_RETRY_DELAYS_MS`,
      ),
    ]),
  ) as Record<Channel, RetryPolicy>;
  return {
    consoleBaseUrl: `${publicBaseUrl.replace(/\/+$/, '')}/console`,
    vapid: publicKey === '' ? null : { publicKey, privateKey, subject },
    allowPrivatePushEndpoints: env.PUSH_ALLOW_PRIVATE_ENDPOINTS === 'true',
    retry,
    leaseMs: integer(env, 'NOTIFY_LEASE_MS', 60_000),
    pollIntervalMs: integer(env, 'NOTIFY_POLL_INTERVAL_MS', 1_000),
    pushTimeoutMs: integer(env, 'PUSH_TIMEOUT_MS', 10_000),
    concurrency: integer(env, 'NOTIFY_CONCURRENCY', 32),
  };
}

/** What is wrong with a push endpoint URL (https, a public host), or null: the push service is a stranger's URL we POST to. */
export function pushEndpointProblem(config: Pick<NotificationConfig, 'allowPrivatePushEndpoints'>, url: string): string | null {
  const verdict = checkUrlShape(url, config.allowPrivatePushEndpoints);
  return verdict.ok ? null : verdict.reason;
}
