import { Controller, Get, Header, Inject } from '@nestjs/common';
import { API_VERSION_CATALOG } from '../../../http/versioning/api-versions';
import { latestVersion } from '../../../http/versioning/version-catalog';
import type { OpenApiDocument } from '../openapi-document.types';
import { RouteDocuments, type DocumentBuilder } from '../route-documents';
import { buildExpertDocument } from './expert-document.builder';
import { ExpertOperation } from '../operation.decorators';
import { getExpertOpenApiDocumentOperation } from './expert-openapi.openapi';

const expertDocument: DocumentBuilder = (routes, publicBaseUrl) => buildExpertDocument(routes, { publicBaseUrl, version: latestVersion(API_VERSION_CATALOG) });

/**
 * `GET /expert/v1/openapi.json`: the expert API and the console's sign-in API, from the
 * same route metadata as `/v1/openapi.json`; the console's typed client is generated from both.
 * Public, like the other document: it describes routes, not data.
 */
@Controller('expert/v1')
export class ExpertOpenApiController {
  constructor(@Inject(RouteDocuments) private readonly documents: RouteDocuments) {}

  @ExpertOperation(getExpertOpenApiDocumentOperation)
  @Get('openapi.json')
  @Header('Cache-Control', 'public, max-age=300')
  get(): OpenApiDocument {
    return this.documents.get(expertDocument);
  }
}
