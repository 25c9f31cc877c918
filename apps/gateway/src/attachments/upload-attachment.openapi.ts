import type { ExpertOperationDoc } from '../docs/openapi/expert/expert-operations';
import { componentRef, idOf } from '../docs/openapi/json-schema';

export const uploadAttachmentOperation: ExpertOperationDoc = {
  operationId: 'uploadAttachment',
  tag: 'Files and drafts',
  summary: 'Upload a file for an output',
  description:
    'The file is the raw body, with its own `Content-Type`; at most 25 MB (a larger `Content-Length` is 400 naming `body` before the body is read). Only for a deployment assigned to you and still open; your uploads for one deployment are bounded in all (by default 40 files and 100 MiB: past either, 400 naming `body` or `deployment_id`), and one upload at a time (another meanwhile is 429 with `Retry-After`). A refusal closes the connection without reading the body. Publish or save a draft with the returned id.',
  response: componentRef('Attachment'),
  requestBody: { required: true, content: { '*/*': { schema: { description: 'The file’s bytes.' } } } },
  query: [
    { name: 'deployment_id', in: 'query', required: true, schema: idOf('deployment') },
    {
      name: 'filename',
      in: 'query',
      required: true,
      description: 'The file name shown to the agent: 1 to 255 characters, no path.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    },
  ],
  errors: ['expert_not_assigned', 'invalid_state_transition', 'not_found'],
};
