/** The documentation: the error pages, the API reference and quick start, the three OpenAPI documents. */
import { ApiReferenceController } from './api-reference.controller';
import { ErrorDocsController } from './error-docs.controller';
import { AdminOpenApiController } from './openapi/admin/admin-openapi.controller';
import { ExpertOpenApiController } from './openapi/expert/expert-openapi.controller';
import { OpenApiController } from './openapi/openapi.controller';
import { RouteDocuments } from './openapi/route-documents';

export const DOCS_CONTROLLERS = [ErrorDocsController, ApiReferenceController, OpenApiController, ExpertOpenApiController, AdminOpenApiController];

export const docsProviders = [RouteDocuments];
