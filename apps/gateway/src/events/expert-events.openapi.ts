import type { ExpertOperationDoc } from '../docs/openapi/expert/expert-operations';

export const streamEventsOperation: ExpertOperationDoc = {
  operationId: 'streamEvents',
  tag: 'Live updates',
  summary: 'Live updates (server-sent events)',
  description:
    'A `text/event-stream` of what changed for you: `offer.created` `{deployment_id, offer_expires_at}`, `offer.ended` `{deployment_id, reason: accepted|declined|expired|withdrawn}`, `deployment.updated` `{deployment_id, status, sequence}`, and a `: keepalive` comment every 15 s. Messages say what changed; read the rest through this API. A signed-out session’s stream ends within one keepalive period. At most 5 streams are open per expert, every session and credential together (EXPERT_EVENT_STREAMS_PER_EXPERT): one more is 429 `rate_limited` with `Retry-After`, and a closed stream frees its slot at once.',
  content: { 'text/event-stream': { schema: { type: 'string', description: 'event: <type>\\ndata: <JSON>\\n\\n, repeated.' } } },
};
