import type { Migration } from '@eh/platform';

/**
 * Files experts upload. `attachments` describes each (whose, for which deployment);
 * `blob_chunks` holds the bytes (PostgresBlobStore). Operational data, not events: the output
 * that hands a file over is the event (`deployment.completed` names the attachment id).
 */
export const attachmentsMigrations: Migration[] = [
  {
    id: 'attachments-001',
    sql: `
      CREATE TABLE IF NOT EXISTS attachments (
        id text PRIMARY KEY,
        deployment_id text NOT NULL,
        expert_id text NOT NULL,
        name text NOT NULL,
        content_type text NOT NULL,
        size_bytes bigint NOT NULL,
        sha256 text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS attachments_by_deployment ON attachments (deployment_id, expert_id);
      CREATE TABLE IF NOT EXISTS blob_chunks (
        blob_id text NOT NULL,
        chunk_index integer NOT NULL,
        bytes bytea NOT NULL,
        PRIMARY KEY (blob_id, chunk_index)
      );
    `,
  },
];
