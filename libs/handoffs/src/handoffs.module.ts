import { Module } from '@nestjs/common';
import { MemoryModule } from '@eh/memory';
import { handoffsViewMigrations } from './adapters/handoffs-view.migrations';
import { handoffsViewProjection } from './adapters/handoffs-view.projection';
import { HandoffMirror } from './handoffs.runtime';

/**
 * Handoffs: the decider that mirrors its deployment, the open and sync handlers,
 * `handoffs_view`, and the mirror reactor. A handoff saved to memory appends memory events,
 * hence MemoryModule: whoever runs the mirror keeps `memory_entries_view` current too.
 */
@Module({
  imports: [MemoryModule],
  providers: [HandoffMirror],
})
export class HandoffsModule {
  static readonly projections = [handoffsViewProjection];
  static readonly migrations = handoffsViewMigrations;
}
