/**
 * When a partner's endpoint is disabled for failing (Svix's rule): every attempt to it has failed
 * for `disableAfterMs` (5 days by default, WEBHOOK_ENDPOINT_DISABLE_AFTER_SECONDS), that is, the
 * failures began that long before the latest one and no attempt succeeded since they began. A 4xx
 * counts as a failure here (a receiver answering 404 or 410 for days is gone), though it is not
 * retried. Failures from before the endpoint was last enabled do not count, so enabling it again
 * gives it a full period.
 */
export interface EndpointHealth {
  enabled: boolean;
  /** When the endpoint was created or last enabled again. */
  enabled_at: string;
  /** The first failed attempt after the last success (null: none). */
  failing_since: string | null;
  /** The latest failed attempt (null: none). */
  last_failure_at: string | null;
  /** The latest successful attempt (null: none ever). */
  last_success_at: string | null;
}

export type HealthVerdict =
  | { action: 'keep'; why: 'already_disabled' | 'no_failures' | 'succeeded_since' | 'failing_for_less_than_the_period' }
  | { action: 'disable'; failing_since: string; last_failure_at: string };

const time = (iso: string): number => Date.parse(iso);

export function decideEndpointHealth(health: EndpointHealth, disableAfterMs: number): HealthVerdict {
  if (!health.enabled) return { action: 'keep', why: 'already_disabled' };
  if (health.failing_since === null || health.last_failure_at === null) return { action: 'keep', why: 'no_failures' };
  if (time(health.last_failure_at) < time(health.enabled_at)) return { action: 'keep', why: 'no_failures' };
  // Counted from the later of the first failure and the last enabling.
  const since = time(health.failing_since) > time(health.enabled_at) ? health.failing_since : health.enabled_at;
  if (health.last_success_at !== null && time(health.last_success_at) >= time(since)) return { action: 'keep', why: 'succeeded_since' };
  if (time(health.last_failure_at) - time(since) < disableAfterMs) return { action: 'keep', why: 'failing_for_less_than_the_period' };
  return { action: 'disable', failing_since: since, last_failure_at: health.last_failure_at };
}
