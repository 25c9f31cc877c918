import type { Actor } from './actor';
import type { KeyMode } from './deployment-events';

/** A partner's bulk replay, `webhook_replay-<wrp_id>`: the dead letters it matched, its progress, its end. */
export interface WebhookReplayFilter {
  event_type?: string;
  deployment_id?: string;
  endpoint_id?: string;
  created_after?: string;
  created_before?: string;
}

export interface WebhookReplayRequested {
  type: 'webhook_replay.requested';
  data: { replay_id: string; workspace_id: string; mode: KeyMode; filter: WebhookReplayFilter; delivery_ids: string[]; requested_at: string; actor: Actor };
}

export interface WebhookReplayProgressed {
  type: 'webhook_replay.progressed';
  data: { replay_id: string; replayed: number; skipped: number; at: string };
}

export interface WebhookReplayCompleted {
  type: 'webhook_replay.completed';
  data: { replay_id: string; replayed: number; skipped: number; completed_at: string };
}

export type WebhookReplayEvent = WebhookReplayRequested | WebhookReplayProgressed | WebhookReplayCompleted;

export const WEBHOOK_REPLAY_EVENT_TYPES: readonly WebhookReplayEvent['type'][] = [
  'webhook_replay.requested',
  'webhook_replay.progressed',
  'webhook_replay.completed',
];

export const webhookReplayStreamName = (replayId: string): string => `webhook_replay-${replayId}`;
