import type { Actor, DeliveryScheduled } from '@eh/contracts';
import type { AttemptResult } from './delivery-outcome';

/** The fan-out decided a destination for a public event; the body is built once, here. */
export interface ScheduleDelivery {
  type: 'schedule';
  data: DeliveryScheduled['data'];
}

/** The worker made attempt `attempt`; `now` is when the result was known. */
export interface RecordAttempt {
  type: 'record_attempt';
  attempt: number;
  attempted_at: string;
  result: AttemptResult;
  retry_delays_ms: readonly number[];
  now: string;
}

/**
 * The fan-out made attempt 1 before recording anything, and records the schedule and
 * the attempt together: one append where there were two.
 */
export interface ScheduleWithFirstAttempt {
  type: 'schedule_with_first_attempt';
  data: DeliveryScheduled['data'];
  attempt: Omit<RecordAttempt, 'type' | 'attempt'>;
}

export interface RequestReplay {
  type: 'request_replay';
  requested_by: string;
  now: string;
  /** The bulk replay job asking, and who asked. */
  replay_id?: string;
  actor?: Actor;
  /** The bulk replay job: a delivery it matched as a dead letter that has since been resent and finished otherwise is left alone. */
  only_dead_lettered?: boolean;
}

/** Makes a scheduled retry due now (the partner fixed their endpoint and does not want to wait). */
export interface RetryNow {
  type: 'retry_now';
  requested_by: string;
  now: string;
  actor?: Actor;
}

export type DeliveryCommand = ScheduleDelivery | RecordAttempt | ScheduleWithFirstAttempt | RequestReplay | RetryNow;
