import { Controller, Get, Inject } from '@nestjs/common';
import type { SqlClient } from '@eh/platform';
import { SQL } from '../http/tokens';

@Controller('health')
export class HealthController {
  constructor(@Inject(SQL) private readonly sql: SqlClient) {}

  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Ready when the database answers: the gateway can do nothing useful without it. */
  @Get('ready')
  async ready(): Promise<{ status: 'ok' }> {
    await this.sql.query('SELECT 1');
    return { status: 'ok' };
  }
}
