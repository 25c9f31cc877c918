/**
 * Durations and switches of webhook delivery, all from the environment so tests run
 * the real schedule scaled down.
 */
export interface WebhookConfig {
  /** Delay before each retry, ms (30 s … 8 h). `WEBHOOK_RETRY_DELAYS_MS=100,200,…` */
  retryDelaysMs: number[];
  /** An attempt without a response within this is a timeout (10 s). */
  timeoutMs: number;
  /** Allows http and loopback/private addresses (tests, local development only). */
  allowPrivateUrls: boolean;
  /** How long a rotated-out secret keeps signing beside the new one (default 24 h). */
  secretOverlapSeconds: number;
  /** How often the reconciler re-derives pending deliveries from PostgreSQL into the queue. */
  reconcileIntervalMs: number;
  /** Attempts in flight per webhooks process. */
  concurrency: number;
  /** BullMQ job lock: a worker that died holding a job frees it after this. */
  jobLockMs: number;
  /** JetStream ack wait of the fan-out consumer: events held by a dead process come back after it. */
  fanoutAckWaitMs: number;
  /** Pullers per process on the shared fan-out durable consumer (events fanned out in parallel). */
  fanoutConsumers: number;
  /** Events each fan-out puller handles at once, one deployment's or handoff's in order (Reactor.concurrency). */
  fanoutConcurrency: number;
  /**
   * How long the fan-out waits for a new delivery's first attempt before recording
   * anything; answered in time, the schedule and the attempt are one append. 0: never waits.
   */
  firstAttemptWaitMs: number;
  /** A pending attempt this far past its time, not yet made, is overdue: shown to the partner and to operations. */
  overdueAfterMs: number;
  /** An endpoint whose every attempt has failed for this long is disabled (Svix's 5 days). */
  endpointDisableAfterMs: number;
  /** How often the webhooks service looks for endpoints to disable. */
  endpointHealthIntervalMs: number;
}

type Env = Record<string, string | undefined>;

export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [30_000, 120_000, 480_000, 1_800_000, 7_200_000, 28_800_000];

function integer(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}, got "${raw}"`);
  return value;
}

function delays(raw: string | undefined): number[] {
  if (raw === undefined) return [...DEFAULT_WEBHOOK_RETRY_DELAYS_MS];
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const value = Number(part);
      if (!Number.isInteger(value) || value < 0) throw new Error(`WEBHOOK_RETRY_DELAYS_MS must list non-negative integers (ms), got "${part}"`);
      return value;
    });
}

export function loadWebhookConfig(env: Env): WebhookConfig {
  const allow = env.WEBHOOK_ALLOW_PRIVATE_URLS ?? 'false';
  if (allow !== 'true' && allow !== 'false') throw new Error(`WEBHOOK_ALLOW_PRIVATE_URLS must be true or false, got "${allow}"`);
  return {
    retryDelaysMs: delays(env.WEBHOOK_RETRY_DELAYS_MS),
    timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 1),
    allowPrivateUrls: allow === 'true',
    secretOverlapSeconds: integer(env, 'WEBHOOK_SECRET_OVERLAP_SECONDS', 24 * 60 * 60, 0),
    reconcileIntervalMs: integer(env, 'WEBHOOK_RECONCILE_INTERVAL_MS', 30_000, 1),
    concurrency: integer(env, 'WEBHOOK_CONCURRENCY', 50, 1),
    jobLockMs: integer(env, 'WEBHOOK_JOB_LOCK_MS', 30_000, 1),
    fanoutAckWaitMs: integer(env, 'WEBHOOK_FANOUT_ACK_WAIT_MS', 30_000, 1),
    fanoutConsumers: integer(env, 'WEBHOOK_FANOUT_CONSUMERS', 1, 1),
    fanoutConcurrency: integer(env, 'WEBHOOK_FANOUT_CONCURRENCY', 64, 1),
    firstAttemptWaitMs: integer(env, 'WEBHOOK_FIRST_ATTEMPT_WAIT_MS', 200, 0),
    overdueAfterMs: integer(env, 'WEBHOOK_OVERDUE_AFTER_SECONDS', 60, 1) * 1000,
    endpointDisableAfterMs: integer(env, 'WEBHOOK_ENDPOINT_DISABLE_AFTER_SECONDS', 5 * 24 * 3600, 1) * 1000,
    endpointHealthIntervalMs: integer(env, 'WEBHOOK_ENDPOINT_HEALTH_INTERVAL_MS', 60_000, 100),
  };
}
