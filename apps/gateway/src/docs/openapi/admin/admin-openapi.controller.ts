import { Controller, Get, Header, Inject } from '@nestjs/common';
import { API_VERSION_CATALOG } from '../../../http/versioning/api-versions';
import { latestVersion } from '../../../http/versioning/version-catalog';
import type { OpenApiDocument } from '../openapi-document.types';
import { RouteDocuments, type DocumentBuilder } from '../route-documents';
import { buildAdminDocument } from './admin-document.builder';

const adminDocument: DocumentBuilder = (routes, publicBaseUrl) => buildAdminDocument(routes, { publicBaseUrl, version: latestVersion(API_VERSION_CATALOG) });

/** `GET /admin/v1/openapi.json`: public like the other documents; it describes routes, not data. */
@Controller('admin/v1')
export class AdminOpenApiController {
  constructor(@Inject(RouteDocuments) private readonly documents: RouteDocuments) {}

  @Get('openapi.json')
  @Header('Cache-Control', 'public, max-age=300')
  get(): OpenApiDocument {
    return this.documents.get(adminDocument);
  }
}
