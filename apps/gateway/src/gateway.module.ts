import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { DeliveryModule } from '@eh/delivery';
import { DeploymentsModule } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import { HandoffsModule } from '@eh/handoffs';
import { IdentityModule } from '@eh/identity';
import { LedgerModule } from '@eh/ledger';
import { MemoryModule } from '@eh/memory';
import { CONFIG, type ServiceConfig, type SqlClient } from '@eh/platform';
import { RoutingModule } from '@eh/routing';
import { InfrastructureModule, type ContextModule } from '@eh/runtime';
import { WorkspacesModule } from '@eh/workspaces';
import { AdminGuard } from './admin/admin.guard';
import type { ConsoleDependencies, DashboardDependencies } from './gateway.connections';
import { DATABASE_READINESS, DatabaseReadyGuard, type DatabaseReadiness } from './health/database-readiness';
import { ApiKeyCache } from './http/api-key-cache';
import { ApiKeyGuard } from './http/api-key.guard';
import { AuthFailureThrottle } from './http/auth-throttle/auth-failure-throttle';
import { IdempotencyInterceptor } from './http/idempotency/idempotency.interceptor';
import { IdempotencyStore } from './http/idempotency/idempotency.store';
import { RateLimitInterceptor } from './http/rate-limit/rate-limit.interceptor';
import { RedisRateLimiter } from './http/rate-limit/redis-rate-limiter.adapter';
import { STREAM_SLOTS, type StreamSlots } from './events/stream-slots';
import { ENDPOINT_TEST_LIMITER } from './webhook-endpoints/endpoint-test-limiter';
import { ApiVersionInterceptor } from './http/versioning/api-version.interceptor';
import type { LedgerClient } from './ledger/ledger.client';
import type { RouterClient } from './routing/router.client';
import { A2A_CONTROLLERS, a2aProviders } from './routes/a2a.routes';
import { ATTACHMENTS_CONTROLLERS, attachmentsProviders } from './routes/attachments.routes';
import { DELIVERY_CONTROLLERS, deliveryProviders } from './routes/delivery.routes';
import { DEPLOYMENTS_CONTROLLERS, deploymentsProviders } from './routes/deployments.routes';
import { HANDOFFS_CONTROLLERS } from './routes/handoffs.routes';
import { IDENTITY_CONTROLLERS, identityProviders } from './routes/identity.routes';
import { LEDGER_CONTROLLERS, ledgerProviders } from './routes/ledger.routes';
import { MEMORY_CONTROLLERS } from './routes/memory.routes';
import { NOTIFICATIONS_CONTROLLERS, notificationsProviders } from './routes/notifications.routes';
import { ROSTER_CONTROLLERS, rosterProviders } from './routes/roster.routes';
import { SERVICE_CONTROLLERS } from './routes/service.routes';
import { WORKSPACES_CONTROLLERS } from './routes/workspaces.routes';

/**
 * The gateway appends to every context (deployments, workspaces, the roster, accounts, memory,
 * handoffs, webhook endpoints and replays), so it mounts them all and its appends keep every
 * read model current. It runs none of their reactors or workers: those are the other services'.
 */
export const GATEWAY_CONTEXT_MODULES: readonly ContextModule[] = [WorkspacesModule, DeploymentsModule, DeliveryModule, RoutingModule, LedgerModule, MemoryModule, HandoffsModule, IdentityModule];

export interface GatewayDependencies {
  config: ServiceConfig;
  sql: SqlClient;
  /** False until the migrations ran: requests other than health and docs answer 503 meanwhile. */
  database: DatabaseReadiness;
  store: EventStore;
  router: RouterClient;
  ledger: LedgerClient;
  idempotency: IdempotencyStore;
  rateLimiter: RedisRateLimiter;
  /** Open event streams per key, workspace and expert, counted in Redis. */
  streamSlots: StreamSlots;
  /** Test events per webhook endpoint per minute. */
  endpointTestLimiter: RedisRateLimiter;
  /** Failed authentications per client address, shared by the three guards. */
  authThrottle: AuthFailureThrottle;
  /** The expert console's live updates, sign-in throttle and blob store. */
  console: ConsoleDependencies;
  /** Partners' live event streams. */
  dashboard: DashboardDependencies;
}

@Module({})
export class GatewayModule {
  static forRoot(deps: GatewayDependencies): DynamicModule {
    return {
      module: GatewayModule,
      imports: [InfrastructureModule.forValues({ config: deps.config, sql: deps.sql, store: deps.store }), ...GATEWAY_CONTEXT_MODULES],
      // The routes by context (routes/), each beside the providers it needs.
      controllers: [
        ...SERVICE_CONTROLLERS,
        ...DEPLOYMENTS_CONTROLLERS,
        ...ROSTER_CONTROLLERS,
        ...LEDGER_CONTROLLERS,
        ...WORKSPACES_CONTROLLERS,
        ...IDENTITY_CONTROLLERS,
        ...MEMORY_CONTROLLERS,
        ...HANDOFFS_CONTROLLERS,
        ...DELIVERY_CONTROLLERS,
        ...ATTACHMENTS_CONTROLLERS,
        ...A2A_CONTROLLERS,
        ...NOTIFICATIONS_CONTROLLERS,
      ],
      providers: [
        { provide: DATABASE_READINESS, useValue: deps.database },
        // Global guards run before the controllers' own (API key, admin, expert, session, member).
        { provide: APP_GUARD, useClass: DatabaseReadyGuard },
        ApiKeyGuard,
        // One per gateway: the guard reads it, the routes that revoke keys empty it.
        { provide: ApiKeyCache, useFactory: (config: ServiceConfig) => new ApiKeyCache(config.authCacheMs), inject: [CONFIG] },
        AdminGuard,
        { provide: IdempotencyStore, useValue: deps.idempotency },
        { provide: RedisRateLimiter, useValue: deps.rateLimiter },
        { provide: STREAM_SLOTS, useValue: deps.streamSlots },
        { provide: ENDPOINT_TEST_LIMITER, useValue: deps.endpointTestLimiter },
        { provide: AuthFailureThrottle, useValue: deps.authThrottle },
        ...deploymentsProviders(() => deps.console.events),
        ...rosterProviders({ router: deps.router }),
        ...ledgerProviders({ ledger: deps.ledger }),
        ...identityProviders(() => deps.console.signInThrottle),
        ...deliveryProviders(() => deps.dashboard.events),
        ...a2aProviders,
        ...notificationsProviders,
        // Global interceptors nest in this order, after the guards: the rate limit first (a refused
        // request claims no Idempotency-Key), then idempotency, outside versioning so a replay
        // returns the stored bytes untouched (docs/decisions.md "REST conventions").
        { provide: APP_INTERCEPTOR, useClass: RateLimitInterceptor },
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
        // Service-Version: resolves, echoes and renders every /v1 response (http/versioning).
        { provide: APP_INTERCEPTOR, useClass: ApiVersionInterceptor },
        // Ends with the interceptor signing attachment URLs, innermost (keep it last).
        ...attachmentsProviders(() => deps.console.blobs),
      ],
    };
  }
}
