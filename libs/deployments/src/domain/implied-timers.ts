import type { DeploymentState } from './deployment.state';
import { deploymentTimers, type TimerKind } from './deployment.timers';
import { syntheticWorkTimer } from './synthetic-expert';

/** A timer job the router keeps for a deployment. */
export interface ImpliedTimer {
  jobId: string;
  kind: TimerKind;
  /** ISO 8601. */
  dueAt: string;
  offerNumber: number | null;
}

/**
 * Every timer job a deployment's state implies: its own clocks and, while the synthetic expert
 * works to a scripted duration, that expert's. The routing view stores exactly these, and a
 * process holding the same fold derives the same list without reading the view.
 */
export function timersImpliedBy(state: DeploymentState): ImpliedTimer[] {
  const timers: ImpliedTimer[] = deploymentTimers(state).map(({ jobId, kind, dueAt, offerNumber }) => ({ jobId, kind, dueAt, offerNumber }));
  const work = syntheticWorkTimer(state);
  if (work) timers.push({ jobId: work.jobId, kind: 'work', dueAt: work.dueAt, offerNumber: null });
  return timers;
}
