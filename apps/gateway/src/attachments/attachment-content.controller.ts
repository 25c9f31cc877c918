import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { DomainError, isId } from '@eh/contracts';
import { checkAttachmentSignature, findAttachmentRecord } from '@eh/attachments';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { ATTACHMENT_STORAGE, type AttachmentStorage } from './attachment-storage';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { downloadAttachmentOperation } from './attachment-content.openapi';

/** RFC 6266/8187: an ASCII fallback and the exact UTF-8 name. */
function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * `GET /v1/attachments/:id/content?expires=…&signature=…`: the signed URL agents receive in
 * outputs (files are handed over as signed URLs that expire). The signature is the only credential:
 * checked in constant time, then the expiry; a refusal says which (403 `url_signature_invalid`).
 * Served as a download in a sandbox, never rendered as a page of this origin.
 */
@Controller('v1/attachments')
export class AttachmentContentController {
  constructor(@Inject(ATTACHMENT_STORAGE) private readonly storage: AttachmentStorage) {}

  @PublicOperation(downloadAttachmentOperation)
  @Get(':id/content')
  async content(@Param('id') id: string, @Query() query: Record<string, unknown>, @Res() reply: FastifyReply): Promise<void> {
    const check = checkAttachmentSignature({
      secrets: this.storage.urls.settings.secrets,
      attachmentId: id,
      expires: query.expires,
      signature: query.signature,
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    if (!check.valid) {
      const message =
        check.reason === 'expired'
          ? 'this attachment URL has expired; read the deployment again for a fresh one'
          : 'this attachment URL does not match its signature';
      throw new DomainError('url_signature_invalid', message, check.reason === 'expired' ? 'expires' : 'signature');
    }
    const record = isId('attachment', id) ? await findAttachmentRecord(this.storage.ports.sql, id) : null;
    if (!record) throw new DomainError('not_found', `no attachment ${id}`, 'id');
    const expiresInSeconds = Math.max(0, Number(query.expires) - Math.floor(Date.now() / 1000));
    void reply
      .header('Content-Type', record.content_type)
      .header('Content-Length', String(record.size_bytes))
      .header('Content-Disposition', contentDisposition(record.name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      // The URL is the credential: caches may keep the bytes only as long as the URL works, and only privately.
      .header('Cache-Control', `private, max-age=${expiresInSeconds}`)
      .header('Referrer-Policy', 'no-referrer')
      .header('ETag', `"${record.sha256}"`);
    await reply.send(Readable.from(this.storage.blobs.read(id)));
  }
}
