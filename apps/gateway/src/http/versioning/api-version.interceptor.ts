import { Inject, Injectable, Optional, type CallHandler, type ExecutionContext, type NestInterceptor, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import type { ServiceConfig } from '@eh/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { CONFIG } from '../tokens';
import { API_VERSION_CATALOG } from './api-versions';
import { RESOURCE_METADATA, type ResourceTag } from './resource.decorator';
import { registerServiceVersionHooks } from './service-version.hooks';
import { latestVersion, renderForVersion, type VersionCatalog } from './version-catalog';

/** Overrides the catalog; only tests provide it, to show a past version without shipping one. */
export const VERSION_CATALOG = Symbol('VersionCatalog');

/**
 * Renders tagged controller results (`@Resource(...)`) in the request's `Service-Version` shape,
 * so handlers return only the latest shape. Registered once as APP_INTERCEPTOR; it also installs
 * the hooks that resolve and echo the version, so the gateway module wires versioning in one line.
 */
@Injectable()
export class ApiVersionInterceptor implements NestInterceptor, OnModuleInit {
  private readonly catalog: VersionCatalog;

  constructor(
    private readonly reflector: Reflector,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(CONFIG) private readonly config: Pick<ServiceConfig, 'publicBaseUrl'>,
    @Optional() @Inject(VERSION_CATALOG) catalog?: VersionCatalog,
  ) {
    this.catalog = catalog ?? API_VERSION_CATALOG;
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    registerServiceVersionHooks(fastify, this.catalog, this.config.publicBaseUrl);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const tag = this.reflector.get<ResourceTag | undefined>(RESOURCE_METADATA, context.getHandler());
    if (!tag || context.getType() !== 'http') return next.handle();
    const version = context.switchToHttp().getRequest<FastifyRequest>().serviceVersion ?? latestVersion(this.catalog);
    return next.handle().pipe(map((payload: unknown) => renderForVersion(this.catalog, version, tag.kind, payload, tag.itemKind)));
  }
}
