import type { SqlClient } from '@eh/platform';

/** What the service knows of an uploaded file; the bytes are the blob of the same id. */
export interface AttachmentRecord {
  id: string;
  deployment_id: string;
  expert_id: string;
  name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  created_at: string;
}

const COLUMNS = `id, deployment_id, expert_id, name, content_type, size_bytes::float8 AS size_bytes, sha256,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

export async function insertAttachmentRecord(sql: SqlClient, record: AttachmentRecord): Promise<void> {
  await sql.query(
    'INSERT INTO attachments (id, deployment_id, expert_id, name, content_type, size_bytes, sha256, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [record.id, record.deployment_id, record.expert_id, record.name, record.content_type, record.size_bytes, record.sha256, record.created_at],
  );
}

export async function findAttachmentRecord(sql: SqlClient, id: string): Promise<AttachmentRecord | null> {
  const { rows } = await sql.query<AttachmentRecord>(`SELECT ${COLUMNS} FROM attachments WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** The records among `ids` that this expert uploaded for this deployment (others are absent). */
export async function attachmentsOfWork(
  sql: SqlClient,
  ids: readonly string[],
  work: { deploymentId: string; expertId: string },
): Promise<Map<string, AttachmentRecord>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql.query<AttachmentRecord>(
    `SELECT ${COLUMNS} FROM attachments WHERE id = ANY($1::text[]) AND deployment_id = $2 AND expert_id = $3`,
    [[...ids], work.deploymentId, work.expertId],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** How many files, and bytes, this expert has uploaded for this deployment (the attachments_by_deployment index). */
export async function uploadsHeldFor(sql: SqlClient, work: { deploymentId: string; expertId: string }): Promise<{ files: number; bytes: number }> {
  const { rows } = await sql.query<{ files: number; bytes: number }>(
    'SELECT count(*)::int AS files, coalesce(sum(size_bytes), 0)::float8 AS bytes FROM attachments WHERE deployment_id = $1 AND expert_id = $2',
    [work.deploymentId, work.expertId],
  );
  return rows[0] ?? { files: 0, bytes: 0 };
}
