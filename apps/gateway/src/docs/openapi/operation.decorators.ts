import { SetMetadata } from '@nestjs/common';
import type { AdminOperationDoc } from './admin/admin-operations';
import type { ExpertOperationDoc } from './expert/expert-operations';
import type { OperationDoc } from './public-operations';

export const OPERATION_DOC_METADATA = 'eh:operation-doc';

/*
 * An endpoint's OpenAPI description sits beside its controller (<controller>.openapi.ts) and is
 * attached to the handler, so route discovery reads it with the path, method and guards: no
 * catalog keyed by route strings to keep in step. One decorator per document, typed by it.
 */

/** A `/v1` route's description in the public document. */
export const PublicOperation = (doc: OperationDoc): MethodDecorator => SetMetadata(OPERATION_DOC_METADATA, doc);

/** An `/expert/v1` or `/console/api/v1` route's description in the expert document. */
export const ExpertOperation = (doc: ExpertOperationDoc): MethodDecorator => SetMetadata(OPERATION_DOC_METADATA, doc);

/** An `/admin/v1` route's description in the operations document. */
export const AdminOperation = (doc: AdminOperationDoc): MethodDecorator => SetMetadata(OPERATION_DOC_METADATA, doc);
