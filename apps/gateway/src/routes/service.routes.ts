/** The gateway's own routes, of no context: health, the error pages, the API reference and quick start, the three OpenAPI documents. */
import { ApiReferenceController } from '../docs/api-reference.controller';
import { ErrorDocsController } from '../docs/error-docs.controller';
import { HealthController } from '../health/health.controller';
import { AdminOpenApiController } from '../openapi/admin/admin-openapi.controller';
import { ExpertOpenApiController } from '../openapi/expert/expert-openapi.controller';
import { OpenApiController } from '../openapi/openapi.controller';

export const SERVICE_CONTROLLERS = [ErrorDocsController, ApiReferenceController, HealthController, OpenApiController, ExpertOpenApiController, AdminOpenApiController];
