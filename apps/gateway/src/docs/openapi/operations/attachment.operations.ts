import { idOf } from '../json-schema';
import type { OperationDoc } from '../public-operations';

/** The signed URL of a file an expert uploaded (docs/decisions.md "Expert console"). */
export const ATTACHMENT_OPERATIONS: Record<string, OperationDoc> = {
  'GET /v1/attachments/:id/content': {
    operationId: 'downloadAttachment',
    tag: 'Attachments',
    summary: 'Download an attachment of an output',
    description:
      'The `url` of an uploaded file in `output.attachments`, signed when the deployment was read and valid for 24 hours: the signature is the only credential (no key). Answers the bytes as a download (`Content-Disposition: attachment`) with the type the expert gave. An expired URL, or one changed in any part, is 403 `url_signature_invalid`; read the deployment again for a fresh one.',
    pathParams: { id: idOf('attachment') },
    query: [
      { name: 'expires', in: 'query', required: false, description: 'Unix time the URL stops working; part of what is signed. Required.', schema: { type: 'string', pattern: '^\\d{1,12}$' } },
      { name: 'signature', in: 'query', required: false, description: 'HMAC-SHA256 of `<id>.<expires>`, lowercase hex. Required.', schema: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
    ],
    content: { 'application/octet-stream': { schema: { description: 'The file’s bytes, with its own `Content-Type`.' } } },
    errors: ['url_signature_invalid'],
  },
};
