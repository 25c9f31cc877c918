import { Controller, HttpCode, Inject, Post, Query, Req, UseGuards } from '@nestjs/common';
import { DomainError, type ExpertRef } from '@eh/contracts';
import { uploadAttachment, type AttachmentResource, type BlobStore } from '@eh/attachments';
import type { EventStore } from '@eh/event-store';
import type { ServiceConfig, SqlClient } from '@eh/platform';
import type { FastifyRequest } from 'fastify';
import { CurrentExpert, ExpertGuard } from '../http/guards/expert.guard';
import { CONFIG, EVENT_STORE, SQL } from '../http/tokens';
import { BLOB_STORE } from './attachments.tokens';
import { UploadedFile } from './upload-body.parser';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import { uploadAttachmentOperation } from './upload-attachment.openapi';

const QUERY = ['deployment_id', 'filename'];

/**
 * `POST /expert/v1/attachments?deployment_id=dep_…&filename=<name>` with the file as the raw body
 * and its own Content-Type (docs/console-contract.md "Work"): stored in the blob store for work
 * assigned to this expert, answered 201 with the id that publish and drafts refer to.
 */
@Controller('expert/v1')
@UseGuards(ExpertGuard)
export class UploadAttachmentController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL) private readonly sql: SqlClient,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(CONFIG) private readonly config: ServiceConfig,
  ) {}

  @ExpertOperation(uploadAttachmentOperation)
  @Post('attachments')
  @HttpCode(201)
  upload(@CurrentExpert() expert: ExpertRef, @Query() query: Record<string, unknown>, @Req() request: FastifyRequest): Promise<AttachmentResource> {
    const unknown = Object.keys(query).find((name) => !QUERY.includes(name));
    if (unknown) throw new DomainError('invalid_request', `unknown query parameter ${unknown}; accepted: ${QUERY.join(', ')}`, unknown);
    const file = request.body instanceof UploadedFile ? request.body : new UploadedFile(Buffer.alloc(0), 0);
    return uploadAttachment(
      { store: this.store, sql: this.sql, blobs: this.blobs },
      {
        expert,
        deploymentId: query.deployment_id,
        filename: query.filename,
        contentType: request.uploadContentType,
        bytes: file.bytes,
        size: file.size,
        maxBytes: this.config.attachments.maxBytes,
        now: new Date(),
      },
    );
  }
}
