import { createHash } from 'node:crypto';
import { DomainError, newId, type Attachment, type ExpertRef } from '@eh/contracts';
import { assignedWork } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { attachmentsOfWork, insertAttachmentRecord, uploadsHeldFor } from '../adapters/attachment.records';
import type { BlobStore } from '../adapters/blob-store.port';
import { attachmentContentPath } from '../domain/attachment-url';
import { checkAttachmentSize, checkDeploymentRoom, parseAttachmentContentType, parseAttachmentName, type DeploymentUploadLimits } from '../domain/upload.rules';

/** The upload's answer (the console's contract: `POST /expert/v1/attachments`). */
export interface AttachmentResource {
  object: 'attachment';
  id: string;
  name: string;
  content_type: string;
  size_bytes: number;
}

export async function uploadAttachment(
  deps: { store: EventStore; sql: SqlClient; blobs: BlobStore },
  /** `size`: bytes received, which may exceed `bytes.length` when the body went past the limit and was dropped. */
  input: {
    expert: ExpertRef;
    deploymentId: unknown;
    filename: unknown;
    contentType: string | undefined;
    bytes: Buffer;
    size?: number;
    maxBytes: number;
    /** What one expert may upload for one deployment in all (absent: no bound). */
    perDeployment?: DeploymentUploadLimits;
    now: Date;
  },
): Promise<AttachmentResource> {
  if (typeof input.deploymentId !== 'string' || input.deploymentId === '')
    throw new DomainError('invalid_request', 'deployment_id is required', 'deployment_id');
  const name = parseAttachmentName(input.filename);
  const contentType = parseAttachmentContentType(input.contentType);
  checkAttachmentSize(input.size ?? input.bytes.length, input.maxBytes);
  await assignedWork(deps.store, input.expert, input.deploymentId, { field: 'deployment_id', activeOnly: true });
  if (input.perDeployment)
    checkDeploymentRoom(
      await uploadsHeldFor(deps.sql, { deploymentId: input.deploymentId, expertId: input.expert.id }),
      input.bytes.length,
      input.perDeployment,
    );
  const id = newId('attachment');
  // Bytes first: a record never names a blob that is not there (an orphan blob is only wasted space).
  await deps.blobs.put(id, input.bytes);
  const record = {
    id,
    deployment_id: input.deploymentId,
    expert_id: input.expert.id,
    name,
    content_type: contentType,
    size_bytes: input.bytes.length,
    sha256: createHash('sha256').update(input.bytes).digest('hex'),
    created_at: input.now.toISOString(),
  };
  await insertAttachmentRecord(deps.sql, record);
  return { object: 'attachment', id, name, content_type: contentType, size_bytes: record.size_bytes };
}

/**
 * Publish's `{attachment_id}` items as they go into `deployment.completed`: name, type and size
 * from the upload, the unsigned content path, and the id that readers sign. An id that is not this
 * expert's upload for this deployment is refused, naming the item.
 */
export async function storedAttachmentsFor(
  sql: SqlClient,
  ids: readonly { index: number; id: string }[],
  work: { deploymentId: string; expertId: string },
  field: (index: number) => string,
): Promise<Map<number, Attachment>> {
  const records = await attachmentsOfWork(
    sql,
    ids.map((item) => item.id),
    work,
  );
  const stored = new Map<number, Attachment>();
  for (const { index, id } of ids) {
    const record = records.get(id);
    if (!record) throw new DomainError('invalid_request', `${field(index)}: no attachment ${id} uploaded by you for this deployment`, field(index));
    stored.set(index, {
      name: record.name,
      url: attachmentContentPath(id),
      content_type: record.content_type,
      size_bytes: record.size_bytes,
      attachment_id: id,
    });
  }
  return stored;
}
