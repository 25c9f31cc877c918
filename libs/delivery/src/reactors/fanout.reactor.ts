import {
  asksForAnAttempt,
  ATTEMPT_REQUESTS_SUBJECT,
  isPublicEventType,
  type DeliveryReplayRequested,
  type DeliveryRetryBroughtForward,
  type DeliveryScheduled,
} from '@eh/contracts';
import type { AttemptScheduler } from '../application/attempt-scheduler.port';
import { recordSchedule, scheduleDeliveries, type ScheduleRecorder, type SigningSecretKeeper } from '../application/schedule-deliveries.handler';
import type { FirstAttempts } from '../application/first-attempts';
import { isFollowedBySubjects } from '../application/subject-folds';
import type { WebhookReads } from '../application/webhook-reads';
import type { BusDelivery, EventStore, ReactorOutcome, RecordedEvent, RetiredDurable } from '@eh/event-store';
import { FANNED_OUT_CATEGORIES, WEBHOOK_COPY_TOKEN } from '../application/webhook-destinations';

export interface FanoutDeps {
  store: EventStore;
  scheduler: AttemptScheduler;
  clock: () => Date;
  /** Signs uploaded attachments in `data.object`. */
  presentObject: <T>(object: T, now: Date) => T;
  /** Creates the workspace's `webhook_url` signing secret of a mode on first need. */
  ensureSigningSecret: SigningSecretKeeper;
  /** The subjects' folds and the endpoint reads, kept in memory (WebhookReads). */
  reads: Pick<WebhookReads, 'follow' | 'subjectOf' | 'endpointsFor'>;
  /** Makes each new delivery's first attempt here and now, or queues it when this process is busy. */
  firstAttempts: Pick<FirstAttempts, 'begin' | 'attemptThenSchedule'>;
}

/**
 * The durables before these. Each is drained until the relay's copies begin (`untilFirstOn`): a
 * relay of the version before publishes none, and the events it publishes meanwhile reach the
 * fan-out only through them.
 */
const FANOUT_OF_EVERY_EVENT: RetiredDurable = { durable: 'webhooks-fanout', subjects: '>', untilFirstOn: `${WEBHOOK_COPY_TOKEN}.>` };

/** A category's durable before the relay copied what may have a destination (WebhookDestinations): it was sent every event of the category. */
const fanoutOfWholeCategory = (category: string): RetiredDurable => ({
  durable: `webhooks-fanout-${category}s`,
  subjects: `${category}.>`,
  untilFirstOn: `${WEBHOOK_COPY_TOKEN}.${category}.>`,
});

/**
 * The fan-out's durables, one per category it acts on (nats-server 2.9 takes one filter
 * subject per consumer), so it is sent nothing else. Public events are appended to deployment,
 * handoff and account streams (usage thresholds are the account's), and the fan-out reads the
 * relay's copies of those that may have a destination (`hooks.<category>.>`, webhook-copy.ts):
 * nothing of a workspace and mode without endpoints. `parallel` ones take WEBHOOK_FANOUT_CONSUMERS
 * pullers. Each took over from the durables before it, drained and deleted where they remain.
 */
export const FANOUT_DURABLES: readonly { durable: string; subjects: string; parallel: boolean; replaces: readonly RetiredDurable[] }[] = [
  ...FANNED_OUT_CATEGORIES.map((category) => ({
    durable: `webhooks-${WEBHOOK_COPY_TOKEN}-${category}s`,
    subjects: `${WEBHOOK_COPY_TOKEN}.${category}.>`,
    // usage.threshold_reached is the account's only public event: one puller.
    parallel: category !== 'account',
    replaces: [FANOUT_OF_EVERY_EVENT, fanoutOfWholeCategory(category)],
  })),
  // Replays and partners' test events; never the records of deliveries (`delivery.<id>.record`).
  { durable: 'webhooks-fanout-attempt-requests', subjects: ATTEMPT_REQUESTS_SUBJECT, parallel: false, replaces: [FANOUT_OF_EVERY_EVENT] },
];

/**
 * What the fan-out acts on; everything else is acked unread. Every other deployment and handoff
 * event is only folded in memory (SubjectFolds), with no I/O.
 */
export const fanoutAccepts = (event: RecordedEvent): boolean => isPublicEventType(event.type) || isFollowedBySubjects(event) || asksForAnAttempt(event);

/**
 * The fan-out durables' handler, for the events of their subjects: a public event
 * becomes its deliveries; a replay request (appended by the gateway or the CLI, which have
 * no queue) becomes its first attempt. Anything else is skipped.
 */
export function fanoutHandler(deps: FanoutDeps): (event: RecordedEvent, delivery?: BusDelivery) => Promise<ReactorOutcome> {
  const { store, scheduler, reads, firstAttempts } = deps;
  // Losing an enqueue loses nothing: the delivery is in PostgreSQL and the reconciler
  // re-derives its job. Throwing instead would only hold up the events behind this one.
  const enqueue = (deliveryId: string, attempt: number, dueAt: Date): Promise<void> =>
    scheduler.enqueue(deliveryId, attempt, dueAt).catch((error: unknown) => {
      console.error(`webhooks: could not enqueue ${deliveryId} attempt ${attempt}; the reconciler will`, error);
    });
  const scheduleAlone: ScheduleRecorder = (command, context) => recordSchedule(store, command, context);
  // Attempt 1 before the delivery is recorded, for an event that comes for the first
  // time; a redelivered one may have scheduled its deliveries already, and is not posted again.
  const attemptThenSchedule: ScheduleRecorder = (command, context, answered) =>
    firstAttempts.attemptThenSchedule(command, context, () => scheduleAlone(command, context, answered), answered);

  return async (event, delivery) => {
    if (isFollowedBySubjects(event)) {
      // Folded whether or not it has a destination, so the stream's next event folds on.
      reads.follow(event);
      if (!isPublicEventType(event.type)) return 'nothing_done';
    }
    if (event.type === 'delivery.replay_requested') {
      const { delivery_id, next_attempt, requested_at } = (event as RecordedEvent<'delivery.replay_requested', DeliveryReplayRequested['data']>).data;
      await enqueue(delivery_id, next_attempt, new Date(requested_at));
      return;
    }
    if (event.type === 'delivery.retry_brought_forward') {
      const { delivery_id, attempt } = (event as RecordedEvent<'delivery.retry_brought_forward', DeliveryRetryBroughtForward['data']>).data;
      // As with an enqueue, a lost request loses nothing: the reconciler finds the attempt due and runs it.
      await scheduler.bringForward(delivery_id, attempt).catch((error: unknown) => {
        console.error(`webhooks: could not bring ${delivery_id} attempt ${attempt} forward; the reconciler will`, error);
      });
      return;
    }
    // A test event asked for by a partner is scheduled by the gateway, which has no queue.
    if (event.type === 'delivery.scheduled' && asksForAnAttempt(event)) {
      const { delivery_id, scheduled_at } = (event as RecordedEvent<'delivery.scheduled', DeliveryScheduled['data']>).data;
      await enqueue(delivery_id, 1, new Date(scheduled_at));
      return;
    }
    const deliveries = await scheduleDeliveries(event, deps.clock(), {
      presentObject: deps.presentObject,
      ensureSigningSecret: deps.ensureSigningSecret,
      subjectOf: (recorded) => reads.subjectOf(recorded),
      ...reads.endpointsFor(delivery),
      record: delivery?.firstDelivery ? attemptThenSchedule : scheduleAlone,
      // The subject's next event is posted after this one's answer, not after its append.
      answered: delivery?.release ?? (() => undefined),
    });
    for (const scheduled of deliveries) {
      if (scheduled.created && !scheduled.attempted) await firstAttempts.begin(scheduled.delivery_id, scheduled.folded);
    }
    return deliveries.length === 0 ? 'nothing_done' : undefined;
  };
}
