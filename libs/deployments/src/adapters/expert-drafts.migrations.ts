import type { Migration } from '@eh/platform';

/**
 * The expert's unpublished output, so a draft survives a reload or another device.
 * Operational data, not events: a draft changes nothing the agent or anyone else can see, is
 * overwritten every few seconds, and is deleted once published. Null figures: not set by the
 * expert yet (the console tracks time from `started_at` and proposes the charge).
 */
export const expertDraftsMigrations: Migration[] = [
  {
    id: 'expert-drafts-001',
    sql: `
      CREATE TABLE IF NOT EXISTS expert_drafts (
        deployment_id text NOT NULL,
        expert_id text NOT NULL,
        body text NOT NULL,
        attachment_ids text[] NOT NULL,
        duration_seconds integer,
        credits_charged integer,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (deployment_id, expert_id)
      );
    `,
  },
];
