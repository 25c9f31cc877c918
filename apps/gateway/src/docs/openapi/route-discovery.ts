import 'reflect-metadata';
import { RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA, PARAMTYPES_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { MetadataScanner, type ModulesContainer } from '@nestjs/core';
import { ApiKeyGuard } from '../../http/guards/api-key.guard';
import { OptionalValidatedBody } from '../../http/optional-validated-body.pipe';
import { RESOURCE_METADATA, type ResourceTag } from '../../http/versioning/resource.decorator';
import type { DtoClass } from './dto-schema';
import { OPERATION_DOC_METADATA } from './operation.decorators';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One route as Nest registers it, read from the decorators' metadata (no TypeScript plugin). */
export interface DiscoveredRoute {
  method: HttpMethod;
  /** Nest style, e.g. `/v1/deployments/:id/cancel`. */
  path: string;
  /** `GET /v1/deployments/:id`: how the operation catalog names a route. */
  key: string;
  pathParams: string[];
  successStatus: number;
  /** The `@Body()` parameter's DTO (its design type); null when the route reads no body. */
  body: { dto: DtoClass | null; required: boolean } | null;
  /** Behind ApiKeyGuard: bearer key, 401 and the per-key rate limit apply. */
  authenticated: boolean;
  resource: ResourceTag | null;
  /** Every guard class on the controller and the handler (the expert document tells its credentials apart by them). */
  guards: unknown[];
  /** The handler's description (`@PublicOperation`, `@ExpertOperation`, `@AdminOperation`), typed by the document reading it; null when undescribed. */
  doc: unknown;
}

const METHODS: Partial<Record<RequestMethod, HttpMethod>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.PATCH]: 'patch',
  [RequestMethod.DELETE]: 'delete',
};

type Handler = (...args: never[]) => unknown;
type Controller = abstract new (...args: never[]) => object;
interface RouteArgument {
  index: number;
  pipes?: unknown[];
}

/** Every controller class the application registered, from Nest's module graph. */
export function registeredControllers(modules: ModulesContainer): Controller[] {
  const found = new Set<Controller>();
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      if (typeof wrapper.metatype === 'function') found.add(wrapper.metatype as Controller);
    }
  }
  return [...found];
}

/** The routes of `controllers`, in registration order, as Nest's router explorer derives them. */
export function discoverRoutes(controllers: readonly Controller[]): DiscoveredRoute[] {
  const scanner = new MetadataScanner();
  return controllers.flatMap((controller) => {
    const prototype = controller.prototype as Record<string, unknown>;
    return scanner.getAllMethodNames(prototype).flatMap((name) => {
      const handler = prototype[name];
      if (typeof handler !== 'function') return [];
      return routesOf(controller, name, handler as Handler);
    });
  });
}

function routesOf(controller: Controller, name: string, handler: Handler): DiscoveredRoute[] {
  const requestMethod: RequestMethod | undefined = Reflect.getMetadata(METHOD_METADATA, handler);
  const method = requestMethod === undefined ? undefined : METHODS[requestMethod];
  if (!method) return [];
  const status: number | undefined = Reflect.getMetadata(HTTP_CODE_METADATA, handler);
  const guards: unknown[] = [...(Reflect.getMetadata(GUARDS_METADATA, controller) ?? []), ...(Reflect.getMetadata(GUARDS_METADATA, handler) ?? [])];
  return pathsOf(Reflect.getMetadata(PATH_METADATA, controller)).flatMap((base) =>
    pathsOf(Reflect.getMetadata(PATH_METADATA, handler)).map((own): DiscoveredRoute => {
      const path = joinPath(base, own);
      return {
        method,
        path,
        key: `${method.toUpperCase()} ${path}`,
        pathParams: [...path.matchAll(/:(\w+)/g)].map((match) => match[1]),
        // Nest's defaults: 201 for POST, 200 otherwise, unless @HttpCode says.
        successStatus: status ?? (method === 'post' ? 201 : 200),
        body: bodyOf(controller, name),
        authenticated: guards.includes(ApiKeyGuard),
        resource: Reflect.getMetadata(RESOURCE_METADATA, handler) ?? null,
        guards,
        doc: Reflect.getMetadata(OPERATION_DOC_METADATA, handler) ?? null,
      };
    }),
  );
}

function bodyOf(controller: Controller, name: string): DiscoveredRoute['body'] {
  const args: Record<string, RouteArgument> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {};
  const entry = Object.entries(args).find(([key]) => key.startsWith(`${RouteParamtypes.BODY}:`));
  if (!entry) return null;
  const { index, pipes = [] } = entry[1];
  const types: unknown[] = Reflect.getMetadata(PARAMTYPES_METADATA, controller.prototype, name) ?? [];
  const type = types[index];
  // A body typed as a plain object or interface has no decorators to read.
  const dto = typeof type === 'function' && type !== Object ? (type as DtoClass) : null;
  return { dto, required: !pipes.some((pipe) => pipe instanceof OptionalValidatedBody) };
}

function pathsOf(metadata: unknown): string[] {
  if (Array.isArray(metadata)) return metadata.map(String);
  return [typeof metadata === 'string' ? metadata : '/'];
}

function joinPath(...parts: string[]): string {
  return `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;
}
