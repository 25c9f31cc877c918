import 'reflect-metadata';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig, type ServiceConfig } from '@eh/platform';
import { GatewayModule, type GatewayDependencies } from '../../../gateway.module';
import type { OpenApiDocument } from '../openapi-document.types';
import { discoverRoutes, registeredControllers, type DiscoveredRoute } from '../route-discovery';

export interface OfflineGateway {
  app: NestFastifyApplication;
  config: ServiceConfig;
  /** Every route the HTTP server registered, as `METHOD /path` (HEAD twins left out). */
  routes: string[];
  /** The same routes as the documents read them, each with the description its handler carries. */
  discovered: DiscoveredRoute[];
}

/** Never called: the routes the tests use (OpenAPI) touch no infrastructure. */
const unused = <T>(): T => ({}) as T;

/**
 * The real gateway module on Fastify with stand-ins for its connections, so a unit test sees
 * exactly the routes production registers, as Fastify itself lists them.
 */
export async function startOfflineGateway(): Promise<OfflineGateway> {
  const config = loadConfig({ PUBLIC_BASE_URL: 'https://api.example.test' });
  const deps: GatewayDependencies = {
    config,
    sql: unused(),
    database: { ready: true },
    store: unused(),
    router: unused(),
    ledger: unused(),
    idempotency: unused(),
    rateLimiter: unused(),
    workspaceRateLimiter: null,
    streamSlots: unused(),
    endpointTestLimiter: unused(),
    authThrottle: unused(),
    console: unused(),
    dashboard: unused(),
  };
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(deps), new FastifyAdapter({ logger: false }), { logger: false });
  const routes: string[] = [];
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
    });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, config, routes, discovered: discoverRoutes(registeredControllers(app.get(ModulesContainer))) };
}

/** The offline gateway and the document it serves at `url`, which must answer 200. */
export async function servedDocument(url: string): Promise<{ gateway: OfflineGateway; document: OpenApiDocument }> {
  const gateway = await startOfflineGateway();
  const response = await gateway.app.inject({ method: 'GET', url });
  if (response.statusCode !== 200) {
    await gateway.app.close();
    throw new Error(`GET ${url} answered ${response.statusCode}, not 200`);
  }
  return { gateway, document: response.json() };
}
