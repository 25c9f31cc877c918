import { Controller, Get, Inject } from '@nestjs/common';
import { DomainError } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import { SQL } from '../tokens';
import { DATABASE_READINESS, type DatabaseReadiness } from './database-readiness';

@Controller('health')
export class HealthController {
  constructor(
    @Inject(SQL) private readonly sql: SqlClient,
    @Inject(DATABASE_READINESS) private readonly database: DatabaseReadiness,
  ) {}

  /** The process serves HTTP, whatever its dependencies do: restarting it would cure nothing. */
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * Ready when the migrations ran and the database answers now: the gateway can do nothing
   * useful without it. Not ready is 503 `service_unavailable` (a refused or stalled database
   * fails within the pool's timeouts).
   */
  @Get('ready')
  async ready(): Promise<{ status: 'ok' }> {
    if (!this.database.ready) throw new DomainError('service_unavailable', 'not ready: the database is not reachable yet, or its migrations have not run');
    await this.sql.query('SELECT 1');
    return { status: 'ok' };
  }
}
