import type { OperationDoc } from '../docs/openapi/public-operations';
import { deploymentQuoteSchema } from '../docs/openapi/schemas/deployment-quote.schema';

export const quoteDeploymentOperation: OperationDoc = {
  operationId: 'quoteDeployment',
  tag: 'Deployments',
  summary: 'Quote a deployment before creating it',
  description:
    'Takes the create body, with the same validation, and answers what a create would do now: whether an expert is available (`available`; false where create answers 422), the expert it would be offered to first, the credits it would reserve and the expected seconds to acceptance and to completion. Creates, reserves and records nothing.',
  response: deploymentQuoteSchema,
  errors: ['service_unavailable'],
};
