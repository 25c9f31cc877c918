import { HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import { DomainError, type ExpertRef } from '@eh/contracts';
import { uploadAttachment, type AttachmentResource } from '@eh/attachments';
import type { FastifyRequest } from 'fastify';
import { CurrentExpert } from '../http/guards/expert.guard';
import { ATTACHMENT_STORAGE, type AttachmentStorage } from './attachment-storage';
import { UploadedFile } from './upload-body.parser';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import { uploadAttachmentOperation } from './upload-attachment.openapi';
import { ExpertController } from '../http/guards/audience-controllers';

const QUERY = ['deployment_id', 'filename'];

/**
 * `POST /expert/v1/attachments?deployment_id=dep_…&filename=<name>` with the file as the raw body
 * and its own Content-Type (docs/console-contract.md "Work"): stored in the blob store for work
 * assigned to this expert, answered 201 with the id that publish and drafts refer to.
 */
@ExpertController('expert/v1')
export class UploadAttachmentController {
  constructor(@Inject(ATTACHMENT_STORAGE) private readonly storage: AttachmentStorage) {}

  @ExpertOperation(uploadAttachmentOperation)
  @Post('attachments')
  @HttpCode(201)
  upload(@CurrentExpert() expert: ExpertRef, @Query() query: Record<string, unknown>, @Req() request: FastifyRequest): Promise<AttachmentResource> {
    const unknown = Object.keys(query).find((name) => !QUERY.includes(name));
    if (unknown) throw new DomainError('invalid_request', `unknown query parameter ${unknown}; accepted: ${QUERY.join(', ')}`, unknown);
    const file = request.body instanceof UploadedFile ? request.body : new UploadedFile(Buffer.alloc(0), 0);
    return uploadAttachment(
      { store: this.storage.ports.store, sql: this.storage.ports.sql, blobs: this.storage.blobs },
      {
        expert,
        deploymentId: query.deployment_id,
        filename: query.filename,
        contentType: request.uploadContentType,
        bytes: file.bytes,
        size: file.size,
        maxBytes: this.storage.ports.config.attachments.maxBytes,
        now: new Date(),
      },
    );
  }
}
