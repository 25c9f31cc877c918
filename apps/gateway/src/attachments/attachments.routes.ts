/** Attachments (libs/attachments): uploads, their signed downloads, and the interceptor that signs their URLs in answers. */
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AttachmentUrls, type BlobStore } from '@eh/attachments';
import type { ServiceConfig } from '@eh/platform';
import { AttachmentContentController } from './attachment-content.controller';
import { ATTACHMENT_STORAGE, type AttachmentStorage } from './attachment-storage';
import { AttachmentUrlsInterceptor } from './attachment-urls.interceptor';
import { ATTACHMENT_URLS, BLOB_STORE } from './attachments.tokens';
import { UploadAttachmentController } from './upload-attachment.controller';
import { GatewayPorts } from '../http/gateway-ports';
import { CONFIG } from '../http/tokens';

export const ATTACHMENTS_CONTROLLERS = [UploadAttachmentController, AttachmentContentController];

/**
 * The last provider is the interceptor that signs attachment URLs, which must stay the innermost
 * global interceptor: list these after every other APP_INTERCEPTOR.
 */
export const attachmentsProviders = (blobs: () => BlobStore) => [
  // Read when first injected: the offline OpenAPI gateway and the fuzzer's route catalog pass no connections at all.
  { provide: BLOB_STORE, useFactory: blobs },
  {
    provide: ATTACHMENT_URLS,
    inject: [CONFIG],
    useFactory: (config: ServiceConfig) =>
      new AttachmentUrls({ publicBaseUrl: config.publicBaseUrl, secrets: config.attachments.urlSecrets, ttlSeconds: config.attachments.urlTtlSeconds }),
  },
  {
    provide: ATTACHMENT_STORAGE,
    inject: [GatewayPorts, BLOB_STORE, ATTACHMENT_URLS],
    useFactory: (ports: GatewayPorts, blobs: BlobStore, urls: AttachmentUrls): AttachmentStorage => ({ ports, blobs, urls }),
  },
  { provide: APP_INTERCEPTOR, useClass: AttachmentUrlsInterceptor },
];
