import { inGroup, readBy } from './setting';

/** The catalogue's Limits settings. */
export const limitSettings = inGroup(
  'Limits',
  readBy(
    ['gateway'],
    [
      {
        name: 'RATE_LIMIT_PER_MINUTE',
        default: '1000',
        meaning: 'Requests per rolling minute per API key before 429.',
      },
      {
        name: 'RATE_LIMIT_PER_WORKSPACE_PER_MINUTE',
        default: '10 × RATE_LIMIT_PER_MINUTE',
        meaning: "Requests per rolling minute of all a workspace's keys and members of one mode together before 429; 0 counts only per key.",
      },
      {
        name: 'RATE_LIMIT_LEASE_MS',
        default: '1000',
        meaning: 'How long a gateway keeps rate-limit permits it took ahead for a busy key; 0 makes one Redis trip per request.',
      },
      {
        name: 'RATE_LIMIT_REFUSAL_HOLD_MS',
        default: '1000',
        meaning:
          "A request refused for its key's rate limit or open event streams is answered after this pause (at most its Retry-After), so a client that retries at once sends a request a second, not hundreds; 0: answered at once.",
      },
      {
        name: 'RATE_LIMIT_HELD_REFUSALS_PER_KEY',
        default: '32',
        meaning: 'Refusals one key (or expert) has held at once; past it the next refusal is answered at once.',
      },
      {
        name: 'AUTH_FAILURES_PER_MINUTE',
        default: '20',
        meaning: 'Failed authentications per rolling minute from one client address before it is answered 429; 0 turns it off.',
      },
      {
        name: 'HTTP_HEADERS_TIMEOUT_MS',
        default: '10000',
        meaning: 'The request line and headers must arrive within this, else 408 and the connection is closed; 0: no bound.',
      },
      {
        name: 'HTTP_REQUEST_TIMEOUT_MS',
        default: '120000',
        meaning:
          'The whole request, body included, must arrive within this (a 25 MB upload at 1.7 Mbit/s); answers such as event streams are not cut; 0: no bound.',
      },
      {
        name: 'HTTP_KEEP_ALIVE_TIMEOUT_MS',
        default: '72000',
        meaning: "An idle kept-alive connection is closed after this, longer than a proxy's usual 60 s idle upstream.",
      },
      {
        name: 'HTTP_MAX_CONNECTIONS',
        default: '4096',
        meaning: 'Open connections one gateway process holds at once; 0: no bound.',
      },
      {
        name: 'HTTP_BLOCKED_ADDRESS_HOLD_MS',
        default: '10000',
        meaning:
          'A connection from an address blocked for failed authentications is held unread this long before its 429, within the per-address cap, so reconnecting at once gains nothing; 0: answered at once.',
      },
      {
        name: 'HTTP_MAX_CONNECTIONS_PER_ADDRESS',
        default: '256',
        meaning:
          'Open connections from one client address, past which the next is answered 429 and closed; 0 behind a proxy, where every client shares its address.',
      },
      {
        name: 'UNAUTHENTICATED_BODY_MAX_BYTES',
        default: '4096',
        meaning: 'A request with no credential whose body is larger, or of unknown length, is answered 401 before the body is read.',
      },
      {
        name: 'EVENT_STREAMS_PER_KEY',
        default: '10',
        meaning: 'Open `…/events/stream` streams per API key or member, both modes and both stream routes together.',
      },
      {
        name: 'EVENT_STREAMS_PER_WORKSPACE',
        default: '40',
        meaning: 'Open `…/events/stream` streams per workspace, every key and mode together.',
      },
      {
        name: 'EXPERT_EVENT_STREAMS_PER_EXPERT',
        default: '5',
        meaning: 'Open `GET /expert/v1/events` streams per expert.',
      },
      {
        name: 'EVENT_STREAM_REPLAY_MAX_EVENTS',
        default: '1000',
        meaning: 'Events one `Last-Event-ID` replay sends before it ends with the id where it stopped.',
      },
      {
        name: 'EVENT_STREAM_REPLAY_EVENTS_PER_PERMIT',
        default: '10',
        meaning: 'A replay costs its key one rate-limit request per this many events it reads.',
      },
      {
        name: 'EVENT_STREAM_REPLAY_EVENTS_PER_SECOND',
        default: '200',
        meaning: "Replayed events a workspace's streams are sent per second on one gateway, all its replays together.",
      },
      {
        name: 'WEBHOOK_ENDPOINT_TESTS_PER_MINUTE',
        default: '5',
        meaning: 'Test events one webhook endpoint may be sent per rolling minute.',
      },
    ],
  ),
);
