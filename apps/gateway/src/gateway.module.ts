import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import type { EventStore } from '@eh/event-store';
import type { LedgerClient } from '@eh/ledger';
import { NotificationsModule } from '@eh/notifications';
import type { ServiceConfig, SqlClient } from '@eh/platform';
import type { RouterClient } from '@eh/routing';
import { ALL_CONTEXT_MODULES, InfrastructureModule, type ContextModule } from '@eh/runtime';
import type { ConsoleDependencies, DashboardDependencies } from './gateway.connections';
import { A2A_CONTROLLERS, a2aProviders } from './a2a/a2a.routes';
import { ATTACHMENTS_CONTROLLERS, attachmentsProviders } from './attachments/attachments.routes';
import { DEPLOYMENTS_CONTROLLERS } from './deployments/deployments.routes';
import { DOCS_CONTROLLERS, docsProviders } from './docs/docs.routes';
import { EVENTS_CONTROLLERS, eventsProviders } from './events/events.routes';
import { STREAM_SLOTS, type StreamSlots } from './events/stream-slots';
import { EXPERTS_CONTROLLERS, expertsProviders } from './experts/experts.routes';
import { HANDOFFS_CONTROLLERS } from './handoffs/handoffs.routes';
import { AuthFailureThrottle } from './http/auth-throttle/auth-failure-throttle';
import { DATABASE_READINESS, DatabaseReadyGuard, type DatabaseReadiness } from './http/health/database-readiness';
import { httpProviders, HTTP_CONTROLLERS } from './http/http.routes';
import { IdempotencyInterceptor } from './http/idempotency/idempotency.interceptor';
import { IdempotencyStore } from './http/idempotency/idempotency.store';
import { RateLimitInterceptor } from './http/rate-limit/rate-limit.interceptor';
import { RedisRateLimiter } from './http/rate-limit/redis-rate-limiter.adapter';
import { WORKSPACE_RATE_LIMITER } from './http/rate-limit/workspace-rate-limiter';
import { ApiVersionInterceptor } from './http/versioning/api-version.interceptor';
import { IDENTITY_CONTROLLERS, identityProviders } from './identity/identity.routes';
import { LEDGER_CONTROLLERS, ledgerProviders } from './ledger/ledger.routes';
import { MEMORY_CONTROLLERS } from './memory/memory.routes';
import { NOTIFICATIONS_CONTROLLERS, notificationsProviders } from './notifications/notifications.routes';
import { ENDPOINT_TEST_LIMITER } from './webhooks/endpoint-test-limiter';
import { WEBHOOKS_CONTROLLERS, webhooksProviders } from './webhooks/webhooks.routes';
import { WORKSPACES_CONTROLLERS, workspacesProviders } from './workspaces/workspaces.routes';

/**
 * The gateway appends to every context (deployments, workspaces, the roster, accounts, memory,
 * handoffs, webhook endpoints and replays), so it mounts them all, in their projections' order, and
 * its appends keep every read model current. It runs none of their reactors or workers: those are
 * the other services'. Notifications is the one it leaves out: it has no projection, and the gateway
 * reads and changes the settings through the lib's functions.
 */
export const GATEWAY_CONTEXT_MODULES: readonly ContextModule[] = ALL_CONTEXT_MODULES.filter((module) => module !== NotificationsModule);

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
  /** All keys of a workspace and mode together; null when that bound is off. */
  workspaceRateLimiter: RedisRateLimiter | null;
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
      // Each context folder lists its routes (<context>/<context>.routes.ts), beside the providers they need.
      controllers: [
        ...HTTP_CONTROLLERS,
        ...DOCS_CONTROLLERS,
        ...DEPLOYMENTS_CONTROLLERS,
        ...EXPERTS_CONTROLLERS,
        ...LEDGER_CONTROLLERS,
        ...WORKSPACES_CONTROLLERS,
        ...IDENTITY_CONTROLLERS,
        ...MEMORY_CONTROLLERS,
        ...HANDOFFS_CONTROLLERS,
        ...WEBHOOKS_CONTROLLERS,
        ...EVENTS_CONTROLLERS,
        ...ATTACHMENTS_CONTROLLERS,
        ...A2A_CONTROLLERS,
        ...NOTIFICATIONS_CONTROLLERS,
      ],
      providers: [
        { provide: DATABASE_READINESS, useValue: deps.database },
        // Global guards run before the controllers' own (API key, admin, expert, session, member).
        { provide: APP_GUARD, useClass: DatabaseReadyGuard },
        ...httpProviders,
        { provide: IdempotencyStore, useValue: deps.idempotency },
        { provide: RedisRateLimiter, useValue: deps.rateLimiter },
        { provide: WORKSPACE_RATE_LIMITER, useValue: deps.workspaceRateLimiter },
        { provide: STREAM_SLOTS, useValue: deps.streamSlots },
        { provide: ENDPOINT_TEST_LIMITER, useValue: deps.endpointTestLimiter },
        { provide: AuthFailureThrottle, useValue: deps.authThrottle },
        ...eventsProviders({ workspaceEvents: () => deps.dashboard.events, expertEvents: () => deps.console.events }),
        ...expertsProviders({ router: deps.router }),
        ...ledgerProviders({ ledger: deps.ledger }),
        ...docsProviders,
        ...identityProviders(() => deps.console.signInThrottle),
        ...workspacesProviders,
        ...webhooksProviders,
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
