import type { AttachmentUrls, BlobStore } from '@eh/attachments';
import type { GatewayPorts } from '../http/gateway-ports';

/**
 * Where an attachment lives: its record in the store and the read models, its bytes in the blob
 * store, and the signer of the URLs it is downloaded from. Uploads and downloads both take it.
 */
export interface AttachmentStorage {
  ports: GatewayPorts;
  blobs: BlobStore;
  urls: AttachmentUrls;
}

/** DI token of the AttachmentStorage (an interface, so it needs one). */
export const ATTACHMENT_STORAGE = Symbol('AttachmentStorage');
