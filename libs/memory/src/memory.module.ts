import { Module } from '@nestjs/common';
import { memoryViewMigrations } from './adapters/memory-view.migrations';
import { memoryViewProjection } from './adapters/memory-view.projection';

/**
 * Brand memory: one stream per entry. Mounted by every process that appends memory
 * events (the gateway; the router, through HandoffsModule, when a handoff saves its output).
 */
@Module({})
export class MemoryModule {
  static readonly projections = [memoryViewProjection];
  static readonly migrations = memoryViewMigrations;
}
