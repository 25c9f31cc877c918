/**
 * What an upload must be. The name is shown to the agent and used as the download's
 * file name, so it is one plain file name; the type is served back as `Content-Type`, so it must
 * be a well-formed media type.
 */
import { DomainError } from '@eh/contracts';

export const ATTACHMENT_NAME_MAX = 255;
// RFC 6838 type and subtype names, optional parameters (`text/plain; charset=utf-8`).
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}(\s*;\s*[a-z0-9!#$&^_.+-]+=("[^"\r\n]*"|[a-z0-9!#$&^_.+-]+))*$/i;

export function parseAttachmentName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new DomainError('invalid_request', 'filename is required (the file name shown to the agent)', 'filename');
  const name = value.trim();
  if ([...name].length > ATTACHMENT_NAME_MAX)
    throw new DomainError('invalid_request', `filename must be at most ${ATTACHMENT_NAME_MAX} characters`, 'filename');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses
  if (/[\u0000-\u001f\u007f/\\]/.test(name) || name === '.' || name === '..')
    throw new DomainError('invalid_request', 'filename must be a plain file name, without paths or control characters', 'filename');
  return name;
}

/** No Content-Type is `application/octet-stream`, as HTTP says of a body of unknown type. */
export function parseAttachmentContentType(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return 'application/octet-stream';
  const type = value.trim();
  if (type.length > 255 || !MEDIA_TYPE.test(type))
    throw new DomainError('invalid_request', 'Content-Type must be the file’s media type, e.g. image/png', 'Content-Type');
  return type.toLowerCase();
}

export function checkAttachmentSize(size: number, maxBytes: number): void {
  if (size === 0) throw new DomainError('invalid_request', 'the file is empty', 'body');
  if (size > maxBytes) throw new DomainError('invalid_request', `the file is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB`, 'body');
}

/** What one expert has already uploaded for one deployment. */
export interface UploadsHeld {
  files: number;
  bytes: number;
}

/** How much one expert may upload for one deployment, all files together. */
export interface DeploymentUploadLimits {
  maxFiles: number;
  maxBytes: number;
}

/**
 * An expert's uploads for one deployment are bounded in number and in bytes together, so one
 * credential cannot fill the blob store: removed draft files count too, since their bytes stay.
 * The file that would go past either bound is refused, naming the deployment (no room left) or
 * the body (this file does not fit in the room left).
 */
export function checkDeploymentRoom(held: UploadsHeld, size: number, limits: DeploymentUploadLimits): void {
  if (held.files + 1 > limits.maxFiles) {
    throw new DomainError(
      'invalid_request',
      `you have uploaded ${held.files} files for this deployment, the most it takes (${limits.maxFiles})`,
      'deployment_id',
    );
  }
  if (held.bytes + size > limits.maxBytes) {
    const left = Math.max(0, limits.maxBytes - held.bytes);
    throw new DomainError(
      'invalid_request',
      `the file (${size} bytes) does not fit in what is left of this deployment's ${limits.maxBytes} bytes of uploads (${left} bytes)`,
      'body',
    );
  }
}
