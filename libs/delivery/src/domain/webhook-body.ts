/**
 * The body partners receive (docs/decisions.md "Webhooks"), built once when the
 * delivery is scheduled and stored, so every attempt and replay sends the same bytes:
 *
 *   { "id": "evt_…", "object": "event", "type": "deployment.completed", "created_at": "…",
 *     "sequence": 3, "data": { "object": { …deployment as after the change… } }, "metadata": {…} }
 *
 * `sequence` is the revision of the event in its deployment's stream: deliveries are not
 * strictly ordered (retries overtake), so receivers order by it and ignore a lower one.
 */
export interface WebhookBodyInput {
  event_id: string;
  event_type: string;
  created_at: string;
  sequence: number;
  object: unknown;
  /** The deployment's metadata, on every webhook; {} when there is none. */
  metadata: Record<string, unknown>;
}

export function buildWebhookBody(input: WebhookBodyInput): string {
  return JSON.stringify({
    id: input.event_id,
    object: 'event',
    type: input.event_type,
    created_at: input.created_at,
    sequence: input.sequence,
    data: { object: input.object },
    metadata: input.metadata,
  });
}
