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
}

type Env = Record<string, string | undefined>;

function atLeastOne(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be an integer of at least 1, got "${raw}"`);
  return value;
}

export function loadCostBoundsConfig(env: Env): CostBoundsConfig {
  return {
    eventStreamsPerKey: atLeastOne(env, 'EVENT_STREAMS_PER_KEY', 10),
    eventStreamsPerWorkspace: atLeastOne(env, 'EVENT_STREAMS_PER_WORKSPACE', 40),
    expertEventStreamsPerExpert: atLeastOne(env, 'EXPERT_EVENT_STREAMS_PER_EXPERT', 5),
    replayMaxEvents: atLeastOne(env, 'EVENT_STREAM_REPLAY_MAX_EVENTS', 1000),
    replayEventsPerPermit: atLeastOne(env, 'EVENT_STREAM_REPLAY_EVENTS_PER_PERMIT', 10),
    webhookEndpointTestsPerMinute: atLeastOne(env, 'WEBHOOK_ENDPOINT_TESTS_PER_MINUTE', 5),
    replayEventsPerSecond: atLeastOne(env, 'EVENT_STREAM_REPLAY_EVENTS_PER_SECOND', 200),
  };
}
