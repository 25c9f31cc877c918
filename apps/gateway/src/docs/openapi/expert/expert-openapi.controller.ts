import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { ServiceConfig } from '@eh/platform';
import { CONFIG } from '../../../http/tokens';
import { API_VERSION_CATALOG } from '../../../http/versioning/api-versions';
import type { OpenApiDocument } from '../openapi-document.types';
import { discoverRoutes, registeredControllers } from '../route-discovery';
import { buildExpertDocument } from './expert-document.builder';
import { ExpertOperation } from '../operation.decorators';
import { getExpertOpenApiDocumentOperation } from './expert-openapi.openapi';

/**
 * `GET /expert/v1/openapi.json`: the expert API and the console's sign-in API, from the
 * same route metadata as `/v1/openapi.json`; the console's typed client is generated from both.
 * Public, like the other document: it describes routes, not data.
 */
@Controller('expert/v1')
export class ExpertOpenApiController {
  private document: OpenApiDocument | null = null;

  constructor(
    private readonly modules: ModulesContainer,
    @Inject(CONFIG) private readonly config: Pick<ServiceConfig, 'publicBaseUrl'>,
  ) {}

  @ExpertOperation(getExpertOpenApiDocumentOperation)
  @Get('openapi.json')
  @Header('Cache-Control', 'public, max-age=300')
  get(): OpenApiDocument {
    // Built on first use: the module graph is complete only once the application has started.
    this.document ??= buildExpertDocument(discoverRoutes(registeredControllers(this.modules)), {
      publicBaseUrl: this.config.publicBaseUrl,
      version: API_VERSION_CATALOG.versions[API_VERSION_CATALOG.versions.length - 1],
    });
    return this.document;
  }
}
