import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { ServiceConfig } from '@eh/platform';
import { CONFIG } from '../../../http/tokens';
import { API_VERSION_CATALOG } from '../../../http/versioning/api-versions';
import type { OpenApiDocument } from '../openapi-document.types';
import { discoverRoutes, registeredControllers } from '../route-discovery';
import { buildAdminDocument } from './admin-document.builder';

/** `GET /admin/v1/openapi.json`: public like the other documents; it describes routes, not data. */
@Controller('admin/v1')
export class AdminOpenApiController {
  private document: OpenApiDocument | null = null;

  constructor(
    private readonly modules: ModulesContainer,
    @Inject(CONFIG) private readonly config: Pick<ServiceConfig, 'publicBaseUrl'>,
  ) {}

  @Get('openapi.json')
  @Header('Cache-Control', 'public, max-age=300')
  get(): OpenApiDocument {
    this.document ??= buildAdminDocument(discoverRoutes(registeredControllers(this.modules)), {
      publicBaseUrl: this.config.publicBaseUrl,
      version: API_VERSION_CATALOG.versions[API_VERSION_CATALOG.versions.length - 1],
    });
    return this.document;
  }
}
