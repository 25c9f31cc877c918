import { idOf } from '../docs/openapi/json-schema';
import { upsert } from '../docs/openapi/parts/memory-handoff.parts';
import type { OperationDoc } from '../docs/openapi/public-operations';

export const saveDeploymentOutputOperation: OperationDoc = {
  operationId: 'saveDeploymentOutput',
  tag: 'Brand memory',
  summary: 'Save a completed deployment’s output to brand memory',
  description:
    'Saved as a `prior_output` entry under `key`, or `prior-output.<dep_id>` without one. Only a completed deployment (409 `deployment_not_completed`).',
  pathParams: { id: idOf('deployment') },
  success: upsert,
  errors: ['deployment_not_completed'],
};
