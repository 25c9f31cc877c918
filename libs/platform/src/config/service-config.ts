import { randomBytes } from 'node:crypto';
import { adminKeyHashFrom } from './admin-key';
import { loadSecretKeyring, type SecretKeyring } from '../secrets/secret-keyring';
import { loadLedgerConfig, type LedgerConfig } from './ledger-config';
import { loadWebhookConfig, type WebhookConfig } from './webhook-config';
import { loadPublicAddress, type PublicAddress } from './public-address';
import { loadAttachmentConfig, loadConsoleConfig, type AttachmentConfig, type ConsoleConfig } from './console-config';
import { loadCostBoundsConfig, type CostBoundsConfig } from './cost-bounds-config';
import { loadHttpServerConfig, type HttpServerConfig } from './http-server-config';
import { integerSetting, type Env } from './env-setting';

/**
 * Every address, name and duration comes from the environment, so tests run the real
 * services against their own database, stream and prefixes, with timers scaled down
 *.
 */
export interface ServiceConfig {
  databaseUrl: string;
  natsUrl: string;
  redisUrl: string;
  /** JetStream stream that carries every committed event. */
  natsStream: string;
  /** 1 on one server; 3 on a cluster. */
  natsStreamReplicas: number;
  /**
   * How long the events stream keeps a message: PostgreSQL is the truth; the stream
   * only has to outlive consumer lag and relay restarts. At least the 2 h duplicate window.
   */
  natsStreamMaxAgeSeconds: number;
  /** First token of every subject this deployment of the service uses. */
  subjectPrefix: string;
  /** Prefix of BullMQ queue names and other Redis keys. */
  redisPrefix: string;
  gatewayHost: string;
  gatewayPort: number;
  /** Public base address, used for `docs_url`. */
  publicBaseUrl: string;
  /** The public address's TLS: whether cookies are `Secure`, and whether a production start is refused (public-address.ts). */
  publicAddress: PublicAddress;
  /**
   * HMAC-SHA256 key that signs list cursors. Every gateway replica must share it, or a cursor
   * from one replica is refused by another (docs/decisions.md "REST surface").
   */
  cursorSecret: string;
  durations: {
    slaPrioritySeconds: number;
    slaStandardSeconds: number;
    replyWindowSeconds: number;
    scheduledLeadSeconds: number;
    /** How long an Idempotency-Key's response is kept (24 h). */
    idempotencyTtlSeconds: number;
    /** How long one expert has to accept or decline an offer before the next is offered. */
    offerTimeoutSeconds: number;
    /** How often the router derives every timer again from the events' read model. */
    timerReconcileSeconds: number;
    /** Brief-fit evidence halves every this many seconds (libs/routing brief-fit.ts). */
    briefFitHalfLifeSeconds: number;
  };
  /** SHA-256 of the operations credential guarding /admin/v1; null disables the admin API. */
  adminKeyHash: string | null;
  /** Requests per rolling minute per API key (1,000). */
  rateLimitPerMinute: number;
  /** All keys of a workspace and mode together; 0: no such bound. */
  rateLimitPerWorkspacePerMinute: number;
  /** How long a gateway keeps rate-limit permits it took ahead for a busy key (RATE_LIMIT_LEASE_MS, 1000); 0: one Redis trip per request. */
  rateLimitLeaseMs: number;
  /** Failed authentications per rolling minute from one client address before it gets 429; 0 = off. */
  authFailuresPerMinute: number;
  /** The longest a revoked API key or expert credential still works on a gateway it was not revoked through (AUTH_CACHE_MS, 100; 0 caches none). */
  authCacheMs: number;
  /**
   * Most events of one stream the relay sends in one message (RELAY_BUNDLE_MAX_EVENTS, 16).
   * 1 sends each alone, the shape services before bundles read: set it while upgrading from one.
   */
  relayBundleMaxEvents: number;
  /**
   * Longest a `deployment.created` waits at the relay to go out with other events (RELAY_DEFER_MS,
   * 100): fewer publications, and wake-ups of every consumer, at low rates. 0: never.
   */
  relayDeferMs: number;
  /** Pullers of the router's deployment consumer per process (ROUTER_CONSUMERS, 4): events of different deployments are routed side by side. */
  routerConsumers: number;
  /**
   * Keys that seal webhook signing secrets at rest (`SECRETS_KEYRING`); null in
   * production without one, where whatever seals or opens a secret refuses to start.
   */
  secretKeyring: SecretKeyring | null;
  /** Webhook delivery: retry schedule, timeout, URL safety (webhook-config.ts). */
  webhooks: WebhookConfig;
  /** Credits: orphan deadline, sweeps, reserve fallback, usage cache (ledger-config.ts). */
  ledger: LedgerConfig;
  /** The expert console: invitations, sessions, sign-in throttles, live updates (console-config.ts). */
  console: ConsoleConfig;
  /** Uploaded attachments: URL signing keys and lifetime, upload size (console-config.ts). */
  attachments: AttachmentConfig;
  /** Open event streams per key, workspace and expert; replay cost; endpoint tests (cost-bounds-config.ts). */
  costBounds: CostBoundsConfig;
  /** The gateway's HTTP server: header, request and keep-alive timeouts, connection caps (http-server-config.ts). */
  httpServer: HttpServerConfig;
}

const MIN_CURSOR_SECRET_LENGTH = 32;
/** The events stream's duplicate window (events-stream.ts): messages must live at least that long. */
const MIN_STREAM_MAX_AGE_SECONDS = 2 * 60 * 60;

function streamMaxAgeSeconds(env: Env): number {
  const value = integerSetting(env, 'NATS_STREAM_MAX_AGE_SECONDS', 7 * 24 * 60 * 60);
  if (value < MIN_STREAM_MAX_AGE_SECONDS)
    throw new Error(`NATS_STREAM_MAX_AGE_SECONDS must be at least ${MIN_STREAM_MAX_AGE_SECONDS} (the duplicate window), got ${value}`);
  return value;
}

/** A random per-process default keeps one-process setups working; replicas must set it. */
function cursorSecret(env: Env): string {
  const raw = env.CURSOR_SECRET;
  if (raw === undefined || raw === '') return randomBytes(32).toString('hex');
  if (raw.length < MIN_CURSOR_SECRET_LENGTH) throw new Error(`CURSOR_SECRET must be at least ${MIN_CURSOR_SECRET_LENGTH} characters`);
  return raw;
}

export function loadConfig(env: Env = process.env): ServiceConfig {
  const gatewayHost = env.GATEWAY_HOST ?? '127.0.0.1';
  const gatewayPort = integerSetting(env, 'GATEWAY_PORT', 3000);
  const publicAddress = loadPublicAddress(env, `http://${gatewayHost}:${gatewayPort}`);
  return {
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/expert_handoff',
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    natsStream: env.NATS_STREAM ?? 'EVENTS',
    natsStreamReplicas: integerSetting(env, 'NATS_STREAM_REPLICAS', 1),
    natsStreamMaxAgeSeconds: streamMaxAgeSeconds(env),
    subjectPrefix: env.SUBJECT_PREFIX ?? 'events',
    redisPrefix: env.REDIS_PREFIX ?? 'eh',
    gatewayHost,
    gatewayPort,
    publicBaseUrl: publicAddress.publicBaseUrl,
    publicAddress,
    cursorSecret: cursorSecret(env),
    durations: {
      slaPrioritySeconds: integerSetting(env, 'SLA_PRIORITY_SECONDS', 60 * 60),
      slaStandardSeconds: integerSetting(env, 'SLA_STANDARD_SECONDS', 4 * 60 * 60),
      replyWindowSeconds: integerSetting(env, 'REPLY_WINDOW_SECONDS', 24 * 60 * 60),
      scheduledLeadSeconds: integerSetting(env, 'SCHEDULED_LEAD_SECONDS', 15 * 60),
      idempotencyTtlSeconds: integerSetting(env, 'IDEMPOTENCY_TTL_SECONDS', 24 * 60 * 60),
      offerTimeoutSeconds: integerSetting(env, 'OFFER_TIMEOUT_SECONDS', 5 * 60),
      // At least 1: the reconciler runs on an interval of this length.
      timerReconcileSeconds: Math.max(1, integerSetting(env, 'TIMER_RECONCILE_SECONDS', 60)),
      briefFitHalfLifeSeconds: integerSetting(env, 'BRIEF_FIT_HALF_LIFE_SECONDS', 30 * 24 * 60 * 60),
    },
    adminKeyHash: adminKeyHashFrom(env.ADMIN_API_KEY),
    rateLimitPerMinute: integerSetting(env, 'RATE_LIMIT_PER_MINUTE', 1000),
    // Ten keys' worth by default, so raising the per-key rate (a test, a bench) raises it too.
    rateLimitPerWorkspacePerMinute: integerSetting(env, 'RATE_LIMIT_PER_WORKSPACE_PER_MINUTE', 10 * integerSetting(env, 'RATE_LIMIT_PER_MINUTE', 1000)),
    rateLimitLeaseMs: integerSetting(env, 'RATE_LIMIT_LEASE_MS', 1000),
    authFailuresPerMinute: integerSetting(env, 'AUTH_FAILURES_PER_MINUTE', 20),
    authCacheMs: integerSetting(env, 'AUTH_CACHE_MS', 100),
    relayBundleMaxEvents: Math.max(1, integerSetting(env, 'RELAY_BUNDLE_MAX_EVENTS', 16)),
    relayDeferMs: Math.max(0, integerSetting(env, 'RELAY_DEFER_MS', 100)),
    routerConsumers: Math.max(1, integerSetting(env, 'ROUTER_CONSUMERS', 4)),
    secretKeyring: loadSecretKeyring(env),
    webhooks: loadWebhookConfig(env),
    ledger: loadLedgerConfig(env),
    console: loadConsoleConfig(env),
    attachments: loadAttachmentConfig(env),
    costBounds: loadCostBoundsConfig(env),
    httpServer: loadHttpServerConfig(env),
  };
}
