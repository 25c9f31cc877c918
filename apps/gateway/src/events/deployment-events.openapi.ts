import { componentRef, idOf } from '../docs/openapi/json-schema';
import { cursor, limit, query } from '../docs/openapi/parts/partner-dashboard.parts';
import type { OperationDoc } from '../docs/openapi/public-operations';

const modeQuery = query('mode', 'For a console session only (an `EventSource` sends no custom headers): the mode, as `Service-Mode` would.', {
  type: 'string',
  enum: ['test', 'live'],
});
const STREAM_DESCRIPTION =
  'A `text/event-stream`: `retry: 3000` and `: connected` first, then one message per event (`id`, `event: <type>`, `data: <Event JSON>`), and a `: keepalive` comment every 15 s. On a reconnect the browser sends the last `id` as `Last-Event-ID` and the stream resumes after it.';
const STREAM_BOUNDS =
  'At most 10 streams are open per API key (or member) and 40 per workspace, both modes and both stream routes together (EVENT_STREAMS_PER_KEY, EVENT_STREAMS_PER_WORKSPACE): one more is answered 429 `rate_limited` with `Retry-After` in the error shape, and a closed stream frees its slot at once.';
const sse = { 'text/event-stream': { schema: { type: 'string', description: 'id: <id>\\nevent: <type>\\ndata: <Event JSON>\\n\\n, repeated.' } } };

export const listDeploymentEventsOperation: OperationDoc = {
  operationId: 'listDeploymentEvents',
  tag: 'Events',
  summary: 'A deployment’s events',
  description: 'Its public events in order, each as the webhook body (`data.object` is the deployment as right after the event).',
  response: componentRef('EventList'),
  pathParams: { id: idOf('deployment') },
  query: [limit(100), cursor],
};

export const streamDeploymentEventsOperation: OperationDoc = {
  operationId: 'streamDeploymentEvents',
  tag: 'Events',
  summary: 'A deployment’s events, live (server-sent events)',
  description: `${STREAM_DESCRIPTION} Without \`Last-Event-ID\` the stream’s past events come first. Ids are sequences. ${STREAM_BOUNDS}`,
  content: sse,
  pathParams: { id: idOf('deployment') },
  query: [modeQuery],
};

export const streamEventsOperation: OperationDoc = {
  operationId: 'streamEvents',
  tag: 'Events',
  summary: 'Every event of the workspace and mode, live (server-sent events)',
  description: `${STREAM_DESCRIPTION} Without \`Last-Event-ID\` only new events; with it, the missed ones first, oldest first: the replay reads at most 1,000 of the workspace’s events per request (EVENT_STREAM_REPLAY_MAX_EVENTS) and each 10 it reads cost one request of the key’s rate limit (EVENT_STREAM_REPLAY_EVENTS_PER_PERMIT); a replay the key cannot pay for is 429 with \`Retry-After\` before the stream opens, and ends the stream once open. Past the bound the stream sends an \`id\` alone (where it stopped reading) and ends: the browser’s reconnect sends it as \`Last-Event-ID\` and the next request continues from there. ${STREAM_BOUNDS}`,
  content: sse,
  query: [modeQuery],
};
