import { storedAttachmentsFor } from '@eh/attachments';
import { DomainError, type Attachment } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import type { AttachmentDto } from './expert-actions.dto';

const LINK_FIELDS = ['name', 'url', 'content_type', 'size_bytes'] as const;

/**
 * Publish's attachments, in the order given: links as sent, uploads (`{attachment_id}`) as the
 * blob store describes them. An item mixing both forms is refused, naming the field.
 */
export async function publishedAttachments(
  sql: SqlClient,
  items: readonly AttachmentDto[],
  work: { deploymentId: string; expertId: string },
): Promise<Attachment[]> {
  const field = (index: number): string => `attachments[${index}].attachment_id`;
  const uploads: { index: number; id: string }[] = [];
  items.forEach((item, index) => {
    if (item.attachment_id === undefined) return;
    const mixed = LINK_FIELDS.find((name) => item[name] !== undefined);
    if (mixed)
      throw new DomainError(
        'invalid_request',
        `attachments[${index}]: give either attachment_id or ${LINK_FIELDS.join(', ')}, not both`,
        `attachments[${index}].${mixed}`,
      );
    uploads.push({ index, id: item.attachment_id });
  });
  const stored = await storedAttachmentsFor(sql, uploads, work, field);
  return items.map((item, index) => {
    const upload = stored.get(index);
    if (upload) return upload;
    return { name: item.name ?? '', url: item.url ?? '', content_type: item.content_type ?? '', size_bytes: item.size_bytes ?? 0 };
  });
}
