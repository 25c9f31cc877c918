import { DomainError } from '@eh/contracts';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { closeAfterReply } from '../http/cost-bounds/close-after-reply';

/** The upload route, as Fastify names it (routeOptions.url). */
export const UPLOAD_ROUTE = '/expert/v1/attachments';
/** An internal media type the upload's body is parsed as, whatever type the file has. */
const UPLOAD_MEDIA_TYPE = 'application/x-eh-attachment-upload';

declare module 'fastify' {
  interface FastifyRequest {
    /** The uploaded file's own Content-Type, kept before the body is read as raw bytes. */
    uploadContentType?: string;
  }
}

/**
 * The parsed body of an upload. The bytes sit in a private field: checks that walk every parsed
 * body (the unsafe-input hook) see an object with no entries, not 25 million byte indexes.
 */
export class UploadedFile {
  readonly #bytes: Buffer;

  constructor(
    bytes: Buffer,
    /** Bytes received. */
    readonly size: number,
  ) {
    this.#bytes = bytes;
  }

  get bytes(): Buffer {
    return this.#bytes;
  }
}

/**
 * `POST /expert/v1/attachments` takes the file as the raw body with the file's own Content-Type
 * (docs/console-contract.md "Work"): an image/png, a PDF, also a JSON file. Fastify chooses a body
 * parser by Content-Type, and the JSON parser would take a `.json` file apart. So, for that route
 * only, the type is set aside before parsing and the body is read as bytes. A declared length
 * past `maxBytes` never gets here (upload-admission.hook.ts); a chunked body that goes past it is
 * refused there and then, 400 naming `body`, and the connection closed without reading the rest.
 * Every other route keeps its parsers.
 */
export function registerUploadBodyParser(fastify: FastifyInstance, maxBytes: number): void {
  fastify.addHook('onRequest', async (request) => {
    if (request.method !== 'POST' || request.routeOptions.url !== UPLOAD_ROUTE) return;
    request.uploadContentType = headerValue(request, 'content-type');
    request.headers['content-type'] = UPLOAD_MEDIA_TYPE;
  });
  fastify.addContentTypeParser(UPLOAD_MEDIA_TYPE, (request, payload, done) => {
    if (request.routeOptions.url !== UPLOAD_ROUTE) {
      done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(UPLOAD_MEDIA_TYPE), undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let finished = false;
    const finish = (error: Error | null, body?: UploadedFile): void => {
      if (finished) return;
      finished = true;
      done(error, body);
    };
    payload.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        payload.pause();
        closeAfterReply(request);
        finish(new DomainError('invalid_request', `the file is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB`, 'body'));
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => finish(null, new UploadedFile(Buffer.concat(chunks, received), received)));
    payload.on('error', (error: Error) => finish(error));
  });
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
