/** DI tokens's attachments (ports are interfaces, so they need tokens). */
export const BLOB_STORE = Symbol('BlobStore');
export const ATTACHMENT_URLS = Symbol('AttachmentUrls');
