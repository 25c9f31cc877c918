import type { OperationDoc } from './public-operations';

export const getOpenApiDocumentOperation: OperationDoc = {
  operationId: 'getOpenApiDocument',
  tag: 'Meta',
  summary: 'This OpenAPI 3.1 document',
  description: 'Generated from the running code. Needs no key and is not rate-limited.',
  response: { type: 'object', description: 'An OpenAPI 3.1 document.', required: ['openapi', 'info', 'paths'] },
  success: { 200: ['Cache-Control'] },
};
