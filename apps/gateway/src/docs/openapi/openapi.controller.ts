import { Controller, Get, Header, Inject } from '@nestjs/common';
import { API_VERSION_CATALOG } from '../../http/versioning/api-versions';
import { buildOpenApiDocument } from './openapi-document.builder';
import type { OpenApiDocument } from './openapi-document.types';
import { RouteDocuments, type DocumentBuilder } from './route-documents';
import { PublicOperation } from './operation.decorators';
import { getOpenApiDocumentOperation } from './openapi.openapi';

const publicDocument: DocumentBuilder = (routes, publicBaseUrl) => buildOpenApiDocument(routes, { publicBaseUrl, versions: API_VERSION_CATALOG.versions });

/**
 * `GET /v1/openapi.json`: the public API's OpenAPI 3.1 document, generated from the controllers
 * the application registered. Public docs: no ApiKeyGuard, hence no key and no rate limit (the
 * limit is per key).
 */
@Controller('v1')
export class OpenApiController {
  constructor(@Inject(RouteDocuments) private readonly documents: RouteDocuments) {}

  @PublicOperation(getOpenApiDocumentOperation)
  @Get('openapi.json')
  @Header('Cache-Control', 'public, max-age=300')
  get(): OpenApiDocument {
    return this.documents.get(publicDocument);
  }
}
