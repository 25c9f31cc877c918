/** What every context's routes share: health, and the guards that name the caller (key, operator, expert, session, member). */
import { readChangeMarks, type ServiceConfig, type SqlClient } from '@eh/platform';
import { EXPERT_CREDENTIALS_MARK } from '@eh/routing';
import { API_KEYS_MARK, KeyUsageRecorder } from '@eh/workspaces';
import { AdminGuard } from './guards/admin.guard';
import { ApiKeyCache, ExpertCredentialCache } from './guards/credential-cache';
import { ChangeMarkWatch } from './guards/change-mark-watch';
import { ApiKeyGuard } from './guards/api-key.guard';
import { ConsoleSessionGuard } from './guards/console-session.guard';
import { ExpertGuard } from './guards/expert.guard';
import { GatewayPorts } from './gateway-ports';
import { MemberGuard } from './guards/member.guard';
import { HealthController } from './health/health.controller';
import { CONFIG, SQL } from './tokens';

export const HTTP_CONTROLLERS = [HealthController];

export const httpProviders = [
  GatewayPorts,
  ApiKeyGuard,
  // One per gateway, so its pending writes go out together and are flushed once at close.
  { provide: KeyUsageRecorder, useFactory: (sql: SqlClient) => new KeyUsageRecorder(sql), inject: [SQL] },
  // One per gateway, shared by both credential caches; AUTH_CACHE_MS 0 caches nothing.
  {
    provide: ChangeMarkWatch,
    useFactory: (config: ServiceConfig, sql: SqlClient) =>
      config.authCacheMs > 0 ? new ChangeMarkWatch(() => readChangeMarks(sql, [API_KEYS_MARK, EXPERT_CREDENTIALS_MARK]), config.authCacheMs) : null,
    inject: [CONFIG, SQL],
  },
  // One each per gateway: the guards read them, the routes that revoke keys or retire experts empty them.
  { provide: ApiKeyCache, useFactory: (watch: ChangeMarkWatch | null) => new ApiKeyCache(watch), inject: [ChangeMarkWatch] },
  { provide: ExpertCredentialCache, useFactory: (watch: ChangeMarkWatch | null) => new ExpertCredentialCache(watch), inject: [ChangeMarkWatch] },
  AdminGuard,
  ExpertGuard,
  ConsoleSessionGuard,
  MemberGuard,
];
