import { idOf } from '../docs/openapi/json-schema';
import type { OperationDoc } from '../docs/openapi/public-operations';

export const downloadAttachmentOperation: OperationDoc = {
  operationId: 'downloadAttachment',
  tag: 'Attachments',
  summary: 'Download an attachment of an output',
  description:
    'The `url` of an uploaded file in `output.attachments`, signed when the deployment was read and valid for 24 hours: the signature is the only credential (no key). Answers the bytes as a download (`Content-Disposition: attachment`) with the type the expert gave. An expired URL, or one changed in any part, is 403 `url_signature_invalid`; read the deployment again for a fresh one.',
  pathParams: { id: idOf('attachment') },
  query: [
    {
      name: 'expires',
      in: 'query',
      required: false,
      description: 'Unix time the URL stops working; part of what is signed. Required.',
      schema: { type: 'string', pattern: '^\\d{1,12}$' },
    },
    {
      name: 'signature',
      in: 'query',
      required: false,
      description: 'HMAC-SHA256 of `<id>.<expires>`, lowercase hex. Required.',
      schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    },
  ],
  content: { 'application/octet-stream': { schema: { description: 'The file’s bytes, with its own `Content-Type`.' } } },
  errors: ['url_signature_invalid'],
};
