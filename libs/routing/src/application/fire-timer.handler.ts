import { DomainError, deploymentStreamName } from '@eh/contracts';
import { handleCommand, type EventStore } from '@eh/event-store';
import { deploymentDecider, timerCommand, nextSyntheticStep } from '@eh/deployments';
import type { TimerJobData } from './timer-scheduler.port';

export interface FireTimerDeps {
  store: EventStore;
  replyWindowSeconds: number;
}

export type TimerOutcome = 'applied' | 'dropped';

/**
 * A timer fired: send its command (expire, expire_offer, start_routing, or the synthetic
 * expert's next step for `work`). A timer whose state moved on is refused by the decider and
 * dropped (docs/decisions.md: "a late timer is refused and dropped"); other failures throw,
 * so BullMQ retries the job.
 */
export async function fireTimer(deps: FireTimerDeps, job: TimerJobData, now: Date): Promise<TimerOutcome> {
  const at = now.toISOString();
  try {
    const result = await handleCommand(
      deps.store,
      deploymentDecider,
      deploymentStreamName(job.deploymentId),
      (state) =>
        job.kind === 'work'
          ? nextSyntheticStep(state, now, { replyWindowSeconds: deps.replyWindowSeconds })
          : timerCommand({ kind: job.kind, offerNumber: job.offerNumber }, at),
      { workspaceId: job.workspaceId, correlationId: `timer-${job.kind}-${job.deploymentId}`, causationId: null, now: at },
    );
    return result.events.length > 0 ? 'applied' : 'dropped';
  } catch (error) {
    if (error instanceof DomainError) return 'dropped';
    throw error;
  }
}
