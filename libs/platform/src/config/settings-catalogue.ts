/**
 * Every environment variable the service reads, with the default its loader really uses, what it
 * does, and which processes read it. The README's settings table is rendered from this list
 * (`npm run settings:table`), and tools/architecture/settings-catalogue.spec.ts fails when a
 * loader reads a setting that is not here, when one here is read nowhere, or when the README's
 * table is stale. The loaders stay where they are (service-config.ts and its neighbours); this
 * list describes them, it does not replace them.
 */

/** A process that reads the setting; `all` is every service (gateway, relay, router, ledger, webhooks). */
export type SettingReader = 'gateway' | 'router' | 'webhooks' | 'ledger' | 'relay' | 'mcp' | 'cli' | 'all';

export type SettingGroup =
  | 'Connections'
  | 'Time'
  | 'Limits'
  | 'Throughput'
  | 'Webhooks'
  | 'Ledger'
  | 'Console'
  | 'Attachments'
  | 'Mail and notifications'
  | 'Observability'
  | 'Security'
  | 'MCP server'
  | 'Expert CLI';

export interface Setting {
  readonly name: string;
  /** As a person would write it in the environment; `unset` when nothing is assumed; null when there is no default at all. */
  readonly default: string | null;
  /** One sentence, in plain words. */
  readonly meaning: string;
  /** Empty while no process uses it yet (a library that a service has still to wire). */
  readonly used_by: readonly SettingReader[];
  readonly group: SettingGroup;
}

type Entry = Omit<Setting, 'group'>;

const inGroup = (group: SettingGroup, entries: readonly Entry[]): Setting[] => entries.map((entry) => ({ ...entry, group }));

const connections = inGroup('Connections', [
  {
    name: 'DATABASE_URL',
    default: 'postgres://postgres@127.0.0.1:5432/expert_handoff',
    used_by: ['all', 'cli'],
    meaning: 'The PostgreSQL database that holds every event and read model.',
  },
  {
    name: 'PG_POOL_MAX',
    default: 'unset',
    used_by: ['all'],
    meaning: "Upper bound on every service's PostgreSQL pool (each has its own size otherwise), so many replicas stay under the server's connection limit.",
  },
  {
    name: 'PG_CONNECT_TIMEOUT_MS',
    default: '1500',
    used_by: ['all'],
    meaning: 'A new PostgreSQL connection that has not finished its handshake within this is abandoned.',
  },
  {
    name: 'PG_POOL_WAIT_MS',
    default: '3000',
    used_by: ['all'],
    meaning: 'How long a request waits for a free pooled connection before it is answered 503 with Retry-After.',
  },
  {
    name: 'PG_STATEMENT_TIMEOUT_MS',
    default: '3000',
    used_by: ['all'],
    meaning: 'A statement running longer is cancelled by the server; the client gives up 500 ms after it if the server does not answer at all.',
  },
  {
    name: 'PG_IDLE_IN_TRANSACTION_TIMEOUT_MS',
    default: '10000',
    used_by: ['all'],
    meaning: 'A session left idle inside a transaction this long is ended by the server, freeing its locks.',
  },
  { name: 'NATS_URL', default: 'nats://127.0.0.1:4222', used_by: ['all'], meaning: 'The NATS servers, comma-separated for a cluster.' },
  { name: 'NATS_STREAM', default: 'EVENTS', used_by: ['all'], meaning: 'The JetStream stream that carries every committed event.' },
  { name: 'NATS_STREAM_REPLICAS', default: '1', used_by: ['all'], meaning: 'Replicas of the events stream: 1 on one server, 3 on a cluster.' },
  {
    name: 'NATS_STREAM_MAX_AGE_SECONDS',
    default: '604800',
    used_by: ['all'],
    meaning: 'How long the events stream keeps a message (7 days; at least 7200, its duplicate window); PostgreSQL keeps everything.',
  },
  { name: 'SUBJECT_PREFIX', default: 'events', used_by: ['all'], meaning: 'First token of every NATS subject this installation uses.' },
  {
    name: 'REDIS_URL',
    default: 'redis://127.0.0.1:6379',
    used_by: ['gateway', 'router', 'webhooks'],
    meaning: 'Redis, for queues, rate-limit windows and caches: nothing there that the events cannot rebuild.',
  },
  { name: 'REDIS_PREFIX', default: 'eh', used_by: ['gateway', 'router', 'webhooks'], meaning: 'Prefix of every BullMQ queue name and Redis key.' },
  { name: 'GATEWAY_HOST', default: '127.0.0.1', used_by: ['gateway', 'cli'], meaning: 'Address the gateway listens on (and the demo calls).' },
  { name: 'GATEWAY_PORT', default: '3000', used_by: ['gateway', 'cli'], meaning: 'Port the gateway listens on (and the demo and the expert CLI call).' },
  {
    name: 'PUBLIC_BASE_URL',
    default: 'http://GATEWAY_HOST:GATEWAY_PORT',
    used_by: ['gateway', 'webhooks', 'cli'],
    meaning: 'The address clients reach the service at: invitation links, signed attachment URLs, `docs_url` and the Host check.',
  },
  {
    name: 'HEALTH_PORT',
    default: 'unset',
    used_by: ['all'],
    meaning: 'Port of the internal listener serving /health/live, /health/ready and /metrics; unset, no listener is started.',
  },
  { name: 'HEALTH_HOST', default: '127.0.0.1', used_by: ['all'], meaning: 'Address of that internal listener (0.0.0.0 in a pod).' },
]);

const time = inGroup('Time', [
  {
    name: 'SLA_PRIORITY_SECONDS',
    default: '3600',
    used_by: ['gateway'],
    meaning: 'How long a priority deployment may wait for an expert to accept before it expires.',
  },
  {
    name: 'SLA_STANDARD_SECONDS',
    default: '14400',
    used_by: ['gateway'],
    meaning: 'How long a standard deployment may wait for an expert to accept before it expires.',
  },
  {
    name: 'REPLY_WINDOW_SECONDS',
    default: '86400',
    used_by: ['gateway', 'router'],
    meaning: "How long the agent has to answer the expert's question before the deployment expires.",
  },
  { name: 'SCHEDULED_LEAD_SECONDS', default: '900', used_by: ['gateway'], meaning: 'How far in the future a scheduled deployment must start at the least.' },
  {
    name: 'IDEMPOTENCY_TTL_SECONDS',
    default: '86400',
    used_by: ['gateway'],
    meaning: 'How long the answer to a request with an Idempotency-Key is kept and replayed.',
  },
  {
    name: 'OFFER_TIMEOUT_SECONDS',
    default: '300',
    used_by: ['gateway', 'router'],
    meaning: 'How long one expert has to accept or decline an offer before it goes to the next.',
  },
  {
    name: 'TIMER_RECONCILE_SECONDS',
    default: '60',
    used_by: ['router'],
    meaning: 'How often the router derives every timer again from the read models (at least 1).',
  },
  {
    name: 'BRIEF_FIT_HALF_LIFE_SECONDS',
    default: '2592000',
    used_by: ['gateway', 'router'],
    meaning: "A completed deployment's weight in the expert's brief-fit for that workspace halves every this many seconds (30 days).",
  },
]);

const limits = inGroup('Limits', [
  { name: 'RATE_LIMIT_PER_MINUTE', default: '1000', used_by: ['gateway'], meaning: 'Requests per rolling minute per API key before 429.' },
  {
    name: 'RATE_LIMIT_LEASE_MS',
    default: '1000',
    used_by: ['gateway'],
    meaning: 'How long a gateway keeps rate-limit permits it took ahead for a busy key; 0 makes one Redis trip per request.',
  },
  {
    name: 'RATE_LIMIT_REFUSAL_HOLD_MS',
    default: '1000',
    used_by: ['gateway'],
    meaning:
      "A request refused for its key's rate limit or open event streams is answered after this pause (at most its Retry-After), so a client that retries at once sends a request a second, not hundreds; 0: answered at once.",
  },
  {
    name: 'RATE_LIMIT_HELD_REFUSALS_PER_KEY',
    default: '32',
    used_by: ['gateway'],
    meaning: 'Refusals one key (or expert) has held at once; past it the next refusal is answered at once.',
  },
  {
    name: 'AUTH_FAILURES_PER_MINUTE',
    default: '20',
    used_by: ['gateway'],
    meaning: 'Failed authentications per rolling minute from one client address before it is answered 429; 0 turns it off.',
  },
  {
    name: 'HTTP_HEADERS_TIMEOUT_MS',
    default: '10000',
    used_by: ['gateway'],
    meaning: 'The request line and headers must arrive within this, else 408 and the connection is closed; 0: no bound.',
  },
  {
    name: 'HTTP_REQUEST_TIMEOUT_MS',
    default: '120000',
    used_by: ['gateway'],
    meaning:
      'The whole request, body included, must arrive within this (a 25 MB upload at 1.7 Mbit/s); answers such as event streams are not cut; 0: no bound.',
  },
  {
    name: 'HTTP_KEEP_ALIVE_TIMEOUT_MS',
    default: '72000',
    used_by: ['gateway'],
    meaning: "An idle kept-alive connection is closed after this, longer than a proxy's usual 60 s idle upstream.",
  },
  { name: 'HTTP_MAX_CONNECTIONS', default: '4096', used_by: ['gateway'], meaning: 'Open connections one gateway process holds at once; 0: no bound.' },
  {
    name: 'HTTP_BLOCKED_ADDRESS_HOLD_MS',
    default: '10000',
    used_by: ['gateway'],
    meaning:
      'A connection from an address blocked for failed authentications is held unread this long before its 429, within the per-address cap, so reconnecting at once gains nothing; 0: answered at once.',
  },
  {
    name: 'HTTP_MAX_CONNECTIONS_PER_ADDRESS',
    default: '256',
    used_by: ['gateway'],
    meaning:
      'Open connections from one client address, past which the next is answered 429 and closed; 0 behind a proxy, where every client shares its address.',
  },
  {
    name: 'UNAUTHENTICATED_BODY_MAX_BYTES',
    default: '4096',
    used_by: ['gateway'],
    meaning: 'A request with no credential whose body is larger, or of unknown length, is answered 401 before the body is read.',
  },
  {
    name: 'EVENT_STREAMS_PER_KEY',
    default: '10',
    used_by: ['gateway'],
    meaning: 'Open `…/events/stream` streams per API key or member, both modes and both stream routes together.',
  },
  {
    name: 'EVENT_STREAMS_PER_WORKSPACE',
    default: '40',
    used_by: ['gateway'],
    meaning: 'Open `…/events/stream` streams per workspace, every key and mode together.',
  },
  { name: 'EXPERT_EVENT_STREAMS_PER_EXPERT', default: '5', used_by: ['gateway'], meaning: 'Open `GET /expert/v1/events` streams per expert.' },
  {
    name: 'EVENT_STREAM_REPLAY_MAX_EVENTS',
    default: '1000',
    used_by: ['gateway'],
    meaning: 'Events one `Last-Event-ID` replay sends before it ends with the id where it stopped.',
  },
  {
    name: 'EVENT_STREAM_REPLAY_EVENTS_PER_PERMIT',
    default: '10',
    used_by: ['gateway'],
    meaning: 'A replay costs its key one rate-limit request per this many events it reads.',
  },
  {
    name: 'EVENT_STREAM_REPLAY_EVENTS_PER_SECOND',
    default: '200',
    used_by: ['gateway'],
    meaning: "Replayed events a workspace's streams are sent per second on one gateway, all its replays together.",
  },
  {
    name: 'WEBHOOK_ENDPOINT_TESTS_PER_MINUTE',
    default: '5',
    used_by: ['gateway'],
    meaning: 'Test events one webhook endpoint may be sent per rolling minute.',
  },
]);

const throughput = inGroup('Throughput', [
  {
    name: 'RELAY_BUNDLE_MAX_EVENTS',
    default: '16',
    used_by: ['relay'],
    meaning: 'Most consecutive events of one stream the relay sends as one message; 1 while upgrading from a version before bundles.',
  },
  {
    name: 'RELAY_DEFER_MS',
    default: '100',
    used_by: ['relay'],
    meaning: 'Longest a `deployment.created` waits at the relay to go out with other events; 0 publishes it at once.',
  },
  {
    name: 'ROUTER_CONSUMERS',
    default: '4',
    used_by: ['router'],
    meaning: "Pullers on the router's deployment consumer per process, so events of different deployments are routed side by side.",
  },
]);

const webhooks = inGroup('Webhooks', [
  {
    name: 'WEBHOOK_RETRY_DELAYS_MS',
    default: '30000,120000,480000,1800000,7200000,28800000',
    used_by: ['webhooks'],
    meaning: 'Delay before each retry of a failed delivery, comma-separated; after the last, the delivery is dead-lettered.',
  },
  {
    name: 'WEBHOOK_TIMEOUT_MS',
    default: '10000',
    used_by: ['webhooks'],
    meaning: 'An attempt without an answer within this is a timeout, retried like a 5xx.',
  },
  {
    name: 'WEBHOOK_SECRET_OVERLAP_SECONDS',
    default: '86400',
    used_by: ['gateway', 'cli'],
    meaning: 'How long a rotated-out signing secret keeps signing beside the new one, unless the rotation says otherwise.',
  },
  {
    name: 'WEBHOOK_CONCURRENCY',
    default: '50',
    used_by: ['webhooks'],
    meaning: 'Retries in flight per process, and as many first attempts made at once without the queue.',
  },
  {
    name: 'WEBHOOK_RECONCILE_INTERVAL_MS',
    default: '30000',
    used_by: ['webhooks'],
    meaning: 'How often pending deliveries are derived again from PostgreSQL into the queue.',
  },
  { name: 'WEBHOOK_JOB_LOCK_MS', default: '30000', used_by: ['webhooks'], meaning: 'A worker that died holding a delivery job frees it after this.' },
  {
    name: 'WEBHOOK_FANOUT_ACK_WAIT_MS',
    default: '30000',
    used_by: ['webhooks'],
    meaning: 'Events held by a dead fan-out process come back to the others after this.',
  },
  { name: 'WEBHOOK_FANOUT_CONSUMERS', default: '1', used_by: ['webhooks'], meaning: 'Pullers per process on each fan-out consumer (deployments, handoffs).' },
  {
    name: 'WEBHOOK_FANOUT_CONCURRENCY',
    default: '64',
    used_by: ['webhooks'],
    meaning: "Events each fan-out puller handles at once; one deployment's or handoff's are still posted in order.",
  },
  {
    name: 'WEBHOOK_FIRST_ATTEMPT_WAIT_MS',
    default: '200',
    used_by: ['webhooks'],
    meaning: "How long the fan-out waits for a new delivery's first attempt so the schedule and the attempt are one append; 0 records the schedule first.",
  },
  {
    name: 'WEBHOOK_OVERDUE_AFTER_SECONDS',
    default: '60',
    used_by: ['gateway', 'webhooks', 'cli'],
    meaning: 'A scheduled attempt this far past due and not made is `overdue` on the delivery (and `?overdue=true` lists it): the service is behind.',
  },
  {
    name: 'WEBHOOK_ENDPOINT_DISABLE_AFTER_SECONDS',
    default: '432000',
    used_by: ['webhooks'],
    meaning:
      "A partner endpoint every attempt to which has failed this long (5 days) is disabled and the workspace's owners e-mailed; enabling it again starts a new period.",
  },
  {
    name: 'WEBHOOK_ENDPOINT_HEALTH_INTERVAL_MS',
    default: '60000',
    used_by: ['webhooks'],
    meaning: 'How often the webhooks service looks for endpoints to disable and owners to tell.',
  },
  {
    name: 'WEBHOOK_ALLOW_PRIVATE_URLS',
    default: 'false',
    used_by: ['gateway', 'webhooks', 'cli'],
    meaning: '`true` allows http and loopback or private addresses as webhook URLs: for tests and local development only.',
  },
]);

const ledger = inGroup('Ledger', [
  {
    name: 'LEDGER_STANDARD_CYCLE_CAP',
    default: '0',
    used_by: ['gateway', 'ledger', 'cli'],
    meaning: 'Credits granted each cycle on the plan an account opens on.',
  },
  { name: 'LEDGER_STANDARD_CYCLE_DAYS', default: '30', used_by: ['gateway', 'ledger', 'cli'], meaning: 'Length of a cycle on that plan.' },
  {
    name: 'LEDGER_STANDARD_IN_FLIGHT_LIMIT',
    default: '10',
    used_by: ['gateway', 'ledger', 'cli'],
    meaning: 'Live deployments in flight at once on that plan before 429 `in_flight_limit_reached`.',
  },
  {
    name: 'LEDGER_RESERVATION_TTL_SECONDS',
    default: '60',
    used_by: ['ledger'],
    meaning: 'A hold whose deployment never came to exist is released after this.',
  },
  { name: 'LEDGER_SWEEP_INTERVAL_MS', default: '10000', used_by: ['ledger'], meaning: 'How often the ledger looks for such orphaned holds.' },
  {
    name: 'LEDGER_CYCLE_CHECK_INTERVAL_MS',
    default: '60000',
    used_by: ['ledger'],
    meaning: 'How often the ledger starts the next cycle of accounts whose cycle ended.',
  },
  {
    name: 'LEDGER_FALLBACK_RESERVE_CREDITS',
    default: '100',
    used_by: ['gateway'],
    meaning: "Credits held for a live deployment when the router's quote carries no estimate.",
  },
  {
    name: 'LEDGER_RESERVE_TIMEOUT_MS',
    default: '3000',
    used_by: ['gateway'],
    meaning: "How long a create waits for the ledger's answer to its hold before it is answered 503.",
  },
  { name: 'LEDGER_IN_FLIGHT_RETRY_AFTER_SECONDS', default: '30', used_by: ['gateway'], meaning: 'Retry-After of a 429 `in_flight_limit_reached`.' },
  { name: 'USAGE_CACHE_MS', default: '2000', used_by: ['gateway'], meaning: 'GET /v1/usage answers from a per-gateway cache at most this old.' },
]);

const consoleSettings = inGroup('Console', [
  { name: 'CONSOLE_DIR', default: 'dist/console', used_by: ['gateway'], meaning: 'Where the built console is that the gateway serves at /console.' },
  { name: 'CONSOLE_INVITATION_TTL_SECONDS', default: '259200', used_by: ['gateway', 'cli'], meaning: 'How long an invitation link works (72 h).' },
  { name: 'CONSOLE_SESSION_IDLE_SECONDS', default: '43200', used_by: ['gateway'], meaning: 'A console session ends after this long without a request (12 h).' },
  {
    name: 'CONSOLE_SESSION_ABSOLUTE_SECONDS',
    default: '604800',
    used_by: ['gateway'],
    meaning: 'A console session ends this long after sign-in in any case (7 days).',
  },
  {
    name: 'CONSOLE_SIGNIN_ACCOUNT_LIMIT',
    default: '5',
    used_by: ['gateway'],
    meaning: 'Sign-ins at one account from one client address per window before 429, so guesses elsewhere never lock the person out.',
  },
  { name: 'CONSOLE_SIGNIN_ADDRESS_LIMIT', default: '20', used_by: ['gateway'], meaning: 'Sign-ins from one client address per window, whatever the accounts.' },
  {
    name: 'CONSOLE_SIGNIN_ACCOUNT_TOTAL_LIMIT',
    default: '100',
    used_by: ['gateway'],
    meaning: 'Sign-ins at one account from every address together per window: the bound on a spread-out guesser.',
  },
  {
    name: 'CONSOLE_SIGNIN_WINDOW_SECONDS',
    default: '900',
    used_by: ['gateway'],
    meaning: 'The sliding window of the three sign-in limits; an attempt counts before its password is checked and is given back on success.',
  },
  {
    name: 'CONSOLE_SSE_KEEPALIVE_SECONDS',
    default: '15',
    used_by: ['gateway'],
    meaning: "Interval of the comment sent on idle event streams so proxies keep them open; a crashed gateway's streams stop counting after three of them.",
  },
  { name: 'CONSOLE_MISSED_OFFERS_DAYS', default: '30', used_by: ['gateway'], meaning: "How far back the expert's missed offers go." },
  { name: 'CONSOLE_MISSED_OFFERS_LIMIT', default: '50', used_by: ['gateway'], meaning: 'Most missed offers listed at once.' },
  {
    name: 'EXPERT_PRESENCE_GRACE_SECONDS',
    default: '75',
    used_by: ['gateway', 'router'],
    meaning:
      'How long an expert still counts as connected after their last console event stream closed (at least 3): a reload or a network blip is not leaving; each gateway refreshes presence every third of it.',
  },
  {
    name: 'EXPERT_REACHABILITY',
    default: 'required',
    used_by: ['router'],
    meaning:
      '`required`: live work is offered only to online experts who can be reached (a console open or a working notification channel); `off`: to every online expert.',
  },
]);

const attachments = inGroup('Attachments', [
  {
    name: 'ATTACHMENT_URL_SECRET',
    default: 'a random key per process',
    used_by: ['gateway', 'webhooks'],
    meaning:
      'Key (at least 32 characters) that signs attachment URLs; every gateway replica and the webhooks service must share it (`npm start` draws one for all its children).',
  },
  {
    name: 'ATTACHMENT_URL_SECRET_PREVIOUS',
    default: 'unset',
    used_by: ['gateway', 'webhooks'],
    meaning: 'The key before the current one, still accepted during a rotation.',
  },
  {
    name: 'ATTACHMENT_URL_TTL_SECONDS',
    default: '86400',
    used_by: ['gateway', 'webhooks'],
    meaning: 'How long a signed attachment URL works from when it is shown.',
  },
  {
    name: 'ATTACHMENT_MAX_BYTES',
    default: '26214400',
    used_by: ['gateway'],
    meaning: 'Largest upload (25 MiB): a larger declared length is refused before the body is read, a chunked body the moment it goes past.',
  },
  {
    name: 'ATTACHMENT_MAX_BYTES_PER_DEPLOYMENT',
    default: '104857600',
    used_by: ['gateway'],
    meaning: 'Most bytes one expert may upload for one deployment in all, removed draft files included.',
  },
  {
    name: 'ATTACHMENT_MAX_FILES_PER_DEPLOYMENT',
    default: '40',
    used_by: ['gateway'],
    meaning: 'Most files one expert may upload for one deployment in all, removed draft files included.',
  },
  {
    name: 'ATTACHMENT_UPLOADS_IN_FLIGHT_PER_EXPERT',
    default: '1',
    used_by: ['gateway'],
    meaning: 'Uploads one expert may have running at once on one gateway process; past it 429.',
  },
]);

const mail = inGroup('Mail and notifications', [
  {
    name: 'SMTP_URL',
    default: 'unset',
    used_by: ['router', 'webhooks', 'gateway'],
    meaning: 'Where outgoing mail goes (`smtp://host:port` or `smtps://user:pass@host:465`); unset, no mail is sent and whatever needs it says so.',
  },
  {
    name: 'MAIL_FROM',
    default: 'Expert Handoff <no-reply@expert-handoff.localhost>',
    used_by: ['router', 'webhooks', 'gateway'],
    meaning: 'The From header of every message.',
  },
  {
    name: 'SMTP_CONNECTION_TIMEOUT_MS',
    default: '5000',
    used_by: ['router', 'webhooks', 'gateway'],
    meaning: 'A mail server that has not answered the connection within this is given up on.',
  },
  {
    name: 'SMTP_SOCKET_TIMEOUT_MS',
    default: '10000',
    used_by: ['router', 'webhooks', 'gateway'],
    meaning: 'A mail conversation silent this long is given up on.',
  },
  {
    name: 'VAPID_PUBLIC_KEY',
    default: 'unset',
    used_by: ['webhooks', 'gateway'],
    meaning: "The Web Push key pair's public half (`npx web-push generate-vapid-keys`); unset, no push is offered or sent.",
  },
  {
    name: 'VAPID_PRIVATE_KEY',
    default: 'unset',
    used_by: ['webhooks', 'gateway'],
    meaning: "The Web Push key pair's private half, set together with the public one.",
  },
  {
    name: 'VAPID_SUBJECT',
    default: 'mailto:operations@expert-handoff.localhost',
    used_by: ['webhooks', 'gateway'],
    meaning: 'The contact a push service may write to about our pushes (a mailto: or https: URL).',
  },
  {
    name: 'PUSH_ALLOW_PRIVATE_ENDPOINTS',
    default: 'false',
    used_by: ['webhooks', 'gateway'],
    meaning: 'When true, push subscriptions may point at http or private addresses: for tests and local development only.',
  },
  {
    name: 'PUSH_TIMEOUT_MS',
    default: '10000',
    used_by: ['webhooks', 'gateway'],
    meaning: 'A push service that has not answered within this is given up on for that attempt.',
  },
  {
    name: 'NOTIFY_LEASE_MS',
    default: '60000',
    used_by: ['webhooks', 'gateway'],
    meaning: 'How long a claimed notification send is held before another process may take it over; at least twice the longest attempt.',
  },
  {
    name: 'NOTIFY_POLL_INTERVAL_MS',
    default: '1000',
    used_by: ['webhooks', 'gateway'],
    meaning: 'How often due notification retries and abandoned claims are looked for.',
  },
  { name: 'NOTIFY_CONCURRENCY', default: '32', used_by: ['webhooks', 'gateway'], meaning: 'Notification sends in flight per process.' },
]);

const observability = inGroup('Observability', [
  {
    name: 'LOG_LEVEL',
    default: 'info',
    used_by: ['all'],
    meaning: 'How much each service logs: fatal, error, warn, info, debug (adds a line per answered request), trace or silent.',
  },
  {
    name: 'OTEL_TRACES_EXPORTER',
    default: 'unset',
    used_by: ['all'],
    meaning: 'Where finished spans go: otlp, console, jsonl or none; unset, otlp when an OTLP endpoint is set and none otherwise.',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: 'unset',
    used_by: ['all'],
    meaning:
      'The collector traces are exported to over OTLP/HTTP (e.g. http://collector:4318); the other standard OTLP and batch settings apply as the standard says.',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    default: 'unset',
    used_by: ['all'],
    meaning: "The collector's traces address, when it differs from the general one.",
  },
  {
    name: 'OTEL_EXPORTER_OTLP_PROTOCOL',
    default: 'http/protobuf',
    used_by: ['all'],
    meaning: 'How spans are encoded for the collector: http/protobuf or http/json (gRPC is not offered).',
  },
  { name: 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', default: 'unset', used_by: ['all'], meaning: 'The protocol for traces only, ahead of the general one.' },
  {
    name: 'OTEL_TRACES_FILE',
    default: 'unset',
    used_by: ['all'],
    meaning: 'With the jsonl exporter, the file finished spans are appended to as JSON lines (several processes may share it).',
  },
  { name: 'OTEL_SERVICE_NAME', default: 'the service name', used_by: ['all'], meaning: 'Renames the service in exported spans.' },
]);

const security = inGroup('Security', [
  {
    name: 'NODE_ENV',
    default: 'unset',
    used_by: ['all', 'cli'],
    meaning:
      '`production` refuses to start without SECRETS_KEYRING or, on the gateway, without an https PUBLIC_BASE_URL or TLS_TERMINATED_BY_PROXY; `test` silences the development-key warning.',
  },
  {
    name: 'ADMIN_API_KEY',
    default: 'unset',
    used_by: ['gateway'],
    meaning: 'The operations credential for /admin/v1 (at least 32 characters); unset, only operators signed in to the console reach the admin API.',
  },
  {
    name: 'CURSOR_SECRET',
    default: 'a random key per process',
    used_by: ['gateway'],
    meaning: 'Key (at least 32 characters) that signs list cursors; every gateway replica must share it or cursors work only where they were made.',
  },
  {
    name: 'SECRETS_KEYRING',
    default: 'a public development key',
    used_by: ['gateway', 'webhooks', 'cli'],
    meaning: 'Keys that seal webhook signing secrets at rest, `<key-id>:<base64 of 32 bytes>[,<older key>…]`: the first seals, any opens.',
  },
  {
    name: 'AUTH_CACHE_MS',
    default: '100',
    used_by: ['gateway'],
    meaning: 'How long a gateway trusts an API key it looked up: the longest a revoked key still works there.',
  },
  {
    name: 'TLS_TERMINATED_BY_PROXY',
    default: 'false',
    used_by: ['gateway'],
    meaning: '`true` when a proxy in front ends TLS: the session cookie is then Secure even with an http PUBLIC_BASE_URL.',
  },
]);

const mcp = inGroup('MCP server', [
  {
    name: 'SERVICE_API_KEY',
    default: 'unset',
    used_by: ['mcp', 'cli'],
    meaning:
      "The workspace key the MCP server (and the SDK's example agent, and `npm run listen` unless `--key` is given) calls the API with; unset, every tool call answers authentication_failed.",
  },
  {
    name: 'SERVICE_BASE_URL',
    default: 'http://127.0.0.1:3000',
    used_by: ['mcp', 'cli'],
    meaning: "The service's address the MCP server (and `npm run listen`, unless `--url` is given; its port then follows GATEWAY_PORT) calls.",
  },
  { name: 'SERVICE_API_VERSION', default: '2026-11-01', used_by: ['mcp'], meaning: 'The API version the MCP server asks for on every call.' },
  {
    name: 'MCP_TRANSPORT',
    default: 'stdio',
    used_by: ['mcp'],
    meaning: "The MCP server's transport: stdio, or http for Streamable HTTP on loopback (as `--http` does).",
  },
  { name: 'MCP_HTTP_PORT', default: '3100', used_by: ['mcp'], meaning: 'Port of the Streamable HTTP transport on 127.0.0.1.' },
]);

const expertCli = inGroup('Expert CLI', [
  { name: 'EXPERT_KEY', default: null, used_by: ['cli'], meaning: "The expert's `svc_expert_…` credential for `npm run expert`, unless `--key` is given." },
  {
    name: 'EXPERT_API_URL',
    default: 'http://127.0.0.1:3000',
    used_by: ['cli'],
    meaning: 'The gateway `npm run expert` calls, unless `--url` is given (its port follows GATEWAY_PORT when unset).',
  },
]);

export const SETTINGS: readonly Setting[] = [
  ...connections,
  ...time,
  ...limits,
  ...throughput,
  ...webhooks,
  ...ledger,
  ...consoleSettings,
  ...attachments,
  ...mail,
  ...observability,
  ...security,
  ...mcp,
  ...expertCli,
];

/** A default written in words ("unset", "a random key per process") rather than a value to set. */
export const describedInWords = (value: string): boolean => value === 'unset' || /^[a-z]+( [a-z]+)+$/.test(value);

const cell = (text: string): string => text.replace(/\|/g, '\\|');

function defaultCell(value: string | null): string {
  if (value === null) return 'none';
  return describedInWords(value) ? value : `\`${value}\``;
}

function readersCell(readers: readonly SettingReader[]): string {
  if (readers.length === 0) return 'none yet';
  return readers.map((reader) => (reader === 'all' ? 'every service' : reader)).join(', ');
}

/** The README's settings section: one Markdown table per group, in the catalogue's order. */
export function renderSettingsTable(settings: readonly Setting[] = SETTINGS): string {
  const groups = [...new Set(settings.map((setting) => setting.group))];
  return groups
    .map((group) => {
      const rows = settings
        .filter((setting) => setting.group === group)
        .map((setting) => `| \`${setting.name}\` | ${cell(defaultCell(setting.default))} | ${cell(setting.meaning)} | ${readersCell(setting.used_by)} |`);
      return [`### ${group}`, '', '| setting | default | meaning | read by |', '| --- | --- | --- | --- |', ...rows].join('\n');
    })
    .join('\n\n');
}
