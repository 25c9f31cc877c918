/** What every context's routes share: health, and the guards that name the caller (key, operator, expert, session, member). */
import type { ServiceConfig } from '@eh/platform';
import { AdminGuard } from './guards/admin.guard';
import { ApiKeyCache } from './guards/api-key-cache';
import { ApiKeyGuard } from './guards/api-key.guard';
import { ConsoleSessionGuard } from './guards/console-session.guard';
import { ExpertGuard } from './guards/expert.guard';
import { GatewayPorts } from './gateway-ports';
import { MemberGuard } from './guards/member.guard';
import { HealthController } from './health/health.controller';
import { CONFIG } from './tokens';

export const HTTP_CONTROLLERS = [HealthController];

export const httpProviders = [
  GatewayPorts,
  ApiKeyGuard,
  // One per gateway: the guard reads it, the routes that revoke keys empty it.
  { provide: ApiKeyCache, useFactory: (config: ServiceConfig) => new ApiKeyCache(config.authCacheMs), inject: [CONFIG] },
  AdminGuard,
  ExpertGuard,
  ConsoleSessionGuard,
  MemberGuard,
];
