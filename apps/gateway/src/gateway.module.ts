import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { DeliveryModule } from '@eh/delivery';
import { DeploymentsModule } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import { HandoffsModule } from '@eh/handoffs';
import { IdentityModule } from '@eh/identity';
import { LedgerModule } from '@eh/ledger';
import { MemoryModule } from '@eh/memory';
import type { ServiceConfig, SqlClient } from '@eh/platform';
import { RosterModule } from '@eh/roster';
import { InfrastructureModule, type ContextModule } from '@eh/runtime';
import { WorkspacesModule } from '@eh/workspaces';
import { CancelDeploymentController } from './deployments/cancel-deployment/cancel-deployment.controller';
import { CreateDeploymentController } from './deployments/create-deployment/create-deployment.controller';
import { GetDeploymentController } from './deployments/get-deployment/get-deployment.controller';
import { ListDeploymentsController } from './deployments/list-deployments/list-deployments.controller';
import { ReplyToDeploymentController } from './deployments/reply-to-deployment/reply-to-deployment.controller';
import { AdminGuard } from './admin/admin.guard';
import { AdminWorkspacesController } from './admin/workspaces/admin-workspaces.controller';
import { WebhookDeliveriesController } from './admin/webhooks/webhook-deliveries.controller';
import { WebhookEndpointController } from './admin/webhooks/webhook-endpoint.controller';
import { ErrorDocsController } from './docs/error-docs.controller';
import { DATABASE_READINESS, DatabaseReadyGuard, type DatabaseReadiness } from './health/database-readiness';
import { HealthController } from './health/health.controller';
import { OpenApiController } from './openapi/openapi.controller';
import { LEDGER_API_CONTROLLERS, ledgerApiProviders } from './ledger-api';
import { MEMORY_HANDOFFS_API_CONTROLLERS } from './memory-handoffs-api';
import type { LedgerClient } from './ledger/ledger.client';
import { ROUTER_API_CONTROLLERS, ROUTER_API_PROVIDERS } from './router-api';
import { CONSOLE_API_CONTROLLERS, consoleApiProviders, type ConsoleDependencies } from './console-api';
import { DASHBOARD_API_CONTROLLERS, dashboardApiProviders, type DashboardDependencies } from './dashboard-api';
import { ApiKeyGuard } from './http/api-key.guard';
import { AuthFailureThrottle } from './http/auth-throttle/auth-failure-throttle';
import { IdempotencyInterceptor } from './http/idempotency/idempotency.interceptor';
import { IdempotencyStore } from './http/idempotency/idempotency.store';
import { RateLimitInterceptor } from './http/rate-limit/rate-limit.interceptor';
import { RedisRateLimiter } from './http/rate-limit/redis-rate-limiter.adapter';
import { ROUTER_CLIENT } from './http/tokens';
import { ApiVersionInterceptor } from './http/versioning/api-version.interceptor';
import type { RouterClient } from './routing/router.client';

/**
 * The gateway appends to every context (deployments, workspaces, the roster, accounts, memory,
 * handoffs, webhook endpoints and replays), so it mounts them all and its appends keep every
 * read model current. It runs none of their reactors or workers: those are the other services'.
 */
export const GATEWAY_CONTEXT_MODULES: readonly ContextModule[] = [WorkspacesModule, DeploymentsModule, DeliveryModule, RosterModule, LedgerModule, MemoryModule, HandoffsModule, IdentityModule];

export interface GatewayDependencies {
  config: ServiceConfig;
  sql: SqlClient;
  /** False until the migrations ran: requests other than health and docs answer 503 meanwhile (issue 11). */
  database: DatabaseReadiness;
  store: EventStore;
  router: RouterClient;
  ledger: LedgerClient;
  idempotency: IdempotencyStore;
  rateLimiter: RedisRateLimiter;
  /** Failed authentications per client address, shared by the three guards (issue 11). */
  authThrottle: AuthFailureThrottle;
  /** Issue 12: the expert console's live updates, sign-in throttle and blob store. */
  console: ConsoleDependencies;
  /** Issue 13: partners' live event streams. */
  dashboard: DashboardDependencies;
}

@Module({})
export class GatewayModule {
  static forRoot(deps: GatewayDependencies): DynamicModule {
    return {
      module: GatewayModule,
      imports: [InfrastructureModule.forValues({ config: deps.config, sql: deps.sql, store: deps.store }), ...GATEWAY_CONTEXT_MODULES],
      controllers: [
        CreateDeploymentController,
        GetDeploymentController,
        ListDeploymentsController,
        CancelDeploymentController,
        ReplyToDeploymentController,
        AdminWorkspacesController,
        WebhookEndpointController,
        WebhookDeliveriesController,
        ErrorDocsController,
        HealthController,
        // Issue 3: GET /v1/openapi.json, generated from the routes registered here.
        OpenApiController,
        // Issue 5: GET /v1/experts, the admin roster, operations cancel, the expert API.
        ...ROUTER_API_CONTROLLERS,
        // Issue 4: GET /v1/usage and the admin API for credit accounts.
        ...LEDGER_API_CONTROLLERS,
        // Issue 8: brand memory and POST /v1/handoffs.
        ...MEMORY_HANDOFFS_API_CONTROLLERS,
        // Issue 12: the expert console's sign-in, live updates, uploads, drafts, earnings, expert OpenAPI.
        ...CONSOLE_API_CONTROLLERS,
        // Issue 13: the partner's own API (endpoints, deliveries, events) and the workspace dashboard's.
        ...DASHBOARD_API_CONTROLLERS,
      ],
      providers: [
        { provide: DATABASE_READINESS, useValue: deps.database },
        // Global guards run before the controllers' own (API key, admin, expert).
        { provide: APP_GUARD, useClass: DatabaseReadyGuard },
        { provide: ROUTER_CLIENT, useValue: deps.router },
        ApiKeyGuard,
        AdminGuard,
        ...ROUTER_API_PROVIDERS,
        ...ledgerApiProviders(deps.ledger),
        { provide: IdempotencyStore, useValue: deps.idempotency },
        { provide: RedisRateLimiter, useValue: deps.rateLimiter },
        { provide: AuthFailureThrottle, useValue: deps.authThrottle },
        // Issue 13: members' guard and services, the signing-secret cipher, bulk replays, live streams.
        ...dashboardApiProviders(deps.dashboard),
        // Global interceptors nest in this order, after the guards: the rate limit first (a refused
        // request claims no Idempotency-Key), then idempotency, outside versioning so a replay
        // returns the stored bytes untouched (docs/decisions.md "REST conventions (issue 3)").
        { provide: APP_INTERCEPTOR, useClass: RateLimitInterceptor },
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
        // Service-Version: resolves, echoes and renders every /v1 response (http/versioning).
        { provide: APP_INTERCEPTOR, useClass: ApiVersionInterceptor },
        // Issue 12; ends with the interceptor signing attachment URLs, innermost (keep it last).
        ...consoleApiProviders(deps.console),
      ],
    };
  }
}
