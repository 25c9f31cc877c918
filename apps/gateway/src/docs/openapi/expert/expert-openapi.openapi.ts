import type { ExpertOperationDoc } from './expert-operations';

export const getExpertOpenApiDocumentOperation: ExpertOperationDoc = {
  operationId: 'getExpertOpenApiDocument',
  tag: 'Meta',
  summary: 'This OpenAPI 3.1 document',
  description: 'The expert API and the console’s sign-in API, generated from the running code.',
  response: { type: 'object', required: ['openapi', 'info', 'paths'] },
};
