import { Module, type DynamicModule } from '@nestjs/common';
import type { EventStore } from '@eh/event-store';
import type { ServiceConfig, SqlClient } from '@eh/platform';
import { CreateDeploymentController } from './deployments/create-deployment/create-deployment.controller';
import { GetDeploymentController } from './deployments/get-deployment/get-deployment.controller';
import { ErrorDocsController } from './docs/error-docs.controller';
import { HealthController } from './health/health.controller';
import { ApiKeyGuard } from './http/api-key.guard';
import { CONFIG, EVENT_STORE, ROUTER_CLIENT, SQL } from './http/tokens';
import type { RouterClient } from './routing/router.client';

export interface GatewayDependencies {
  config: ServiceConfig;
  sql: SqlClient;
  store: EventStore;
  router: RouterClient;
}

@Module({})
export class GatewayModule {
  static forRoot(deps: GatewayDependencies): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [CreateDeploymentController, GetDeploymentController, ErrorDocsController, HealthController],
      providers: [
        { provide: CONFIG, useValue: deps.config },
        { provide: SQL, useValue: deps.sql },
        { provide: EVENT_STORE, useValue: deps.store },
        { provide: ROUTER_CLIENT, useValue: deps.router },
        ApiKeyGuard,
      ],
    };
  }
}
