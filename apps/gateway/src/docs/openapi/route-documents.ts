import { Inject, Injectable } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { ServiceConfig } from '@eh/platform';
import { CONFIG } from '../../http/tokens';
import type { OpenApiDocument } from './openapi-document.types';
import { discoverRoutes, registeredControllers, type DiscoveredRoute } from './route-discovery';

/** Builds one document from every registered route and the address the service is reached at. */
export type DocumentBuilder = (routes: readonly DiscoveredRoute[], publicBaseUrl: string) => OpenApiDocument;

/**
 * The OpenAPI documents, each generated from the controllers the application registered, so a
 * new route appears without editing a file; built on first use (the module graph is complete
 * only once the application has started), then served as built.
 */
@Injectable()
export class RouteDocuments {
  private readonly built = new Map<DocumentBuilder, OpenApiDocument>();

  constructor(
    private readonly modules: ModulesContainer,
    @Inject(CONFIG) private readonly config: Pick<ServiceConfig, 'publicBaseUrl'>,
  ) {}

  get(build: DocumentBuilder): OpenApiDocument {
    let document = this.built.get(build);
    if (!document) {
      document = build(discoverRoutes(registeredControllers(this.modules)), this.config.publicBaseUrl);
      this.built.set(build, document);
    }
    return document;
  }
}
