import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { ServiceConfig } from '@eh/platform';
import { CONFIG } from '../../http/tokens';
import { API_VERSION_CATALOG } from '../../http/versioning/api-versions';
import { buildOpenApiDocument } from './openapi-document.builder';
import type { OpenApiDocument } from './openapi-document.types';
import { discoverRoutes, registeredControllers } from './route-discovery';
import { PublicOperation } from './operation.decorators';
import { getOpenApiDocumentOperation } from './openapi.openapi';

/**
 * `GET /v1/openapi.json`: the public API's OpenAPI 3.1 document, generated from the controllers
 * the application registered, so a new route appears without editing a file. Public docs: no
 * ApiKeyGuard, hence no key and no rate limit (the limit is per key).
 */
@Controller('v1')
export class OpenApiController {
  private document: OpenApiDocument | null = null;

  constructor(
    private readonly modules: ModulesContainer,
    @Inject(CONFIG) private readonly config: Pick<ServiceConfig, 'publicBaseUrl'>,
  ) {}

  @PublicOperation(getOpenApiDocumentOperation)
  @Get('openapi.json')
  @Header('Cache-Control', 'public, max-age=300')
  get(): OpenApiDocument {
    // Built on first use: the module graph is complete only once the application has started.
    this.document ??= buildOpenApiDocument(discoverRoutes(registeredControllers(this.modules)), {
      publicBaseUrl: this.config.publicBaseUrl,
      versions: API_VERSION_CATALOG.versions,
    });
    return this.document;
  }
}
