import { integerSetting, type Env } from './env-setting';

/**
 * What one caller may hold open or set going at once, so no tenant starves another through the
 * shared servers: live event streams per key, per workspace and per expert, how much a stream's
 * replay costs against the key's rate limit, and how often an endpoint may be sent a test event.
 * Decisions: docs/decisions.md "Cost bounds: event streams, list filters and endpoint tests".
 */
export interface CostBoundsConfig {
  /** Open `/v1/…/events/stream` streams per API key or member session (`EVENT_STREAMS_PER_KEY`, 10). */
  eventStreamsPerKey: number;
  /** Open `/v1/…/events/stream` streams per workspace, every key and mode together (`EVENT_STREAMS_PER_WORKSPACE`, 40). */
  eventStreamsPerWorkspace: number;
  /** Open `GET /expert/v1/events` streams per expert (`EXPERT_EVENT_STREAMS_PER_EXPERT`, 5). */
  expertEventStreamsPerExpert: number;
  /** Events a workspace stream's `Last-Event-ID` replay may send before going live (`EVENT_STREAM_REPLAY_MAX_EVENTS`, 1000). */
  replayMaxEvents: number;
  /** A replay takes one rate-limit permit of its key per this many events it reads (`EVENT_STREAM_REPLAY_EVENTS_PER_PERMIT`, 10). */
  replayEventsPerPermit: number;
  /** Test events one webhook endpoint may be sent per rolling minute (`WEBHOOK_ENDPOINT_TESTS_PER_MINUTE`, 5). */
  webhookEndpointTestsPerMinute: number;
  /** Replayed events a workspace's streams are sent per second on one gateway, all its replays together (`EVENT_STREAM_REPLAY_EVENTS_PER_SECOND`, 200). */
  replayEventsPerSecond: number;
  /** A request refused for its key's rate limit or open streams is answered after this pause, at most its Retry-After (`RATE_LIMIT_REFUSAL_HOLD_MS`, 1000; 0: at once). */
  refusalHoldMs: number;
  /** Refusals held at once per key; past it the next is answered at once (`RATE_LIMIT_HELD_REFUSALS_PER_KEY`, 32). */
  heldRefusalsPerKey: number;
}

export function loadCostBoundsConfig(env: Env): CostBoundsConfig {
  return {
    eventStreamsPerKey: integerSetting(env, 'EVENT_STREAMS_PER_KEY', 10, 1),
    eventStreamsPerWorkspace: integerSetting(env, 'EVENT_STREAMS_PER_WORKSPACE', 40, 1),
    expertEventStreamsPerExpert: integerSetting(env, 'EXPERT_EVENT_STREAMS_PER_EXPERT', 5, 1),
    replayMaxEvents: integerSetting(env, 'EVENT_STREAM_REPLAY_MAX_EVENTS', 1000, 1),
    replayEventsPerPermit: integerSetting(env, 'EVENT_STREAM_REPLAY_EVENTS_PER_PERMIT', 10, 1),
    webhookEndpointTestsPerMinute: integerSetting(env, 'WEBHOOK_ENDPOINT_TESTS_PER_MINUTE', 5, 1),
    replayEventsPerSecond: integerSetting(env, 'EVENT_STREAM_REPLAY_EVENTS_PER_SECOND', 200, 1),
    refusalHoldMs: integerSetting(env, 'RATE_LIMIT_REFUSAL_HOLD_MS', 1000),
    heldRefusalsPerKey: integerSetting(env, 'RATE_LIMIT_HELD_REFUSALS_PER_KEY', 32),
  };
}
