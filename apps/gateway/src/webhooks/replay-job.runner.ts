import { Logger } from '@nestjs/common';
import { runReplayJob, type ReplayJobState } from '@eh/delivery';
import type { EventStore } from '@eh/event-store';

/** A running job that has said nothing for this long was interrupted (its gateway stopped): resume it. */
const STALE_AFTER_MS = 30_000;

/**
 * Runs partners' bulk replays in the gateway process that accepted them, after the 202
 * went out, one run per job per process. The job's stream is the truth: a job whose process died is
 * resumed by whichever gateway is next asked about it.
 */
export class ReplayJobRunner {
  private readonly logger = new Logger('WebhookReplays');
  private readonly running = new Set<string>();

  constructor(private readonly store: EventStore) {}

  start(replayId: string, correlationId: string): void {
    if (this.running.has(replayId)) return;
    this.running.add(replayId);
    runReplayJob({ store: this.store, correlationId, clock: () => new Date() }, replayId)
      .catch((error: unknown) => this.logger.error(`replay ${replayId} stopped: ${String(error)}; it resumes when next read`))
      .finally(() => this.running.delete(replayId));
  }

  /** Resumes a job that looks abandoned; a job running here is left alone. */
  resumeIfStale(state: ReplayJobState, correlationId: string, now: Date): void {
    if (state.status !== 'running' || this.running.has(state.replay_id)) return;
    if (now.getTime() - Date.parse(state.last_progress_at) < STALE_AFTER_MS) return;
    this.start(state.replay_id, correlationId);
  }

  /** Waits for the jobs this process runs (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const REPLAY_JOB_RUNNER = Symbol('ReplayJobRunner');
