import { applyDecorators, HttpCode, Post } from '@nestjs/common';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import type { OperationDoc } from '../docs/openapi/public-operations';
import { Resource } from '../http/versioning/resource.decorator';

/**
 * A partner's command on one of its deployments, `POST /v1/deployments/:id/<action>`: it answers
 * 200 (the deployment already exists, nothing is created) with the deployment as the command left
 * it, in the caller's `Service-Version`.
 */
export const DeploymentCommand = (action: string, doc: OperationDoc): MethodDecorator =>
  applyDecorators(PublicOperation(doc), Post(`:id/${action}`), HttpCode(200), Resource('deployment'));
