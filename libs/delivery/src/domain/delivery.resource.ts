/**
 * A delivery as operations see it (admin API, ops CLI, the dead-letter list), derived from the
 * folded state so the read model and a fresh fold always agree.
 */
import type { DeliveredEventType, KeyMode } from '@eh/contracts';
import type { AttemptRecord, DeliveryState, DeliveryStatus } from './delivery.state';

export interface DeliveryResource {
  id: string;
  object: 'webhook_delivery';
  status: DeliveryStatus;
  workspace_id: string;
  /** null: sent to the deployment's `webhook_url` override. */
  endpoint_id: string | null;
  url: string;
  event_id: string;
  event_type: DeliveredEventType;
  /** The mode of what the event is about; null for deliveries scheduled before it was recorded. */
  mode: KeyMode | null;
  deployment_id: string | null;
  attempts: number;
  /** When the next attempt is due; null once finished. */
  next_attempt_at: string | null;
  last_attempt: AttemptRecord | null;
  /** Why it was dead-lettered; null otherwise. */
  dead_letter_reason: string | null;
  created_at: string;
  updated_at: string;
}

export function toDeliveryResource(state: DeliveryState): DeliveryResource {
  if (state.status === 'initial') throw new Error('toDeliveryResource: the delivery has no events (initial state)');
  const d = state.details;
  const pending = state.status === 'scheduled' || state.status === 'retrying';
  return {
    id: d.delivery_id,
    object: 'webhook_delivery',
    status: state.status,
    workspace_id: d.workspace_id,
    endpoint_id: d.endpoint_id,
    url: d.url,
    event_id: d.event_id,
    event_type: d.event_type,
    mode: d.mode ?? null,
    deployment_id: d.deployment_id,
    attempts: state.attempts,
    next_attempt_at: pending ? state.next_attempt_at : null,
    last_attempt: state.last_attempt,
    dead_letter_reason: state.status === 'dead_lettered' ? state.last_error : null,
    created_at: d.scheduled_at,
    updated_at: state.updated_at,
  };
}
