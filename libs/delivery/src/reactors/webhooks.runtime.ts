import { Inject, Injectable } from '@nestjs/common';
import { AttachmentUrls } from '@eh/attachments';
import { CommitFeedOnDemand, HeardCommits, type BackgroundWorker, type CommandContext, type ContextRuntimeDeclaration, type EventStore, type FoldedStream, type Reactor } from '@eh/event-store';
import { CONFIG, ContextRuntime, currentTraceparent, EVENT_STORE, openRedisPair, SQL, startSecretCipher, type RedisPair, type SecretCipher, type ServiceConfig, type SignalGauge, type SqlClient } from '@eh/platform';
import { CachedSecretOpener } from '../adapters/cached-secret-opener';
import { DeliveryQueue } from '../adapters/delivery-queue';
import { startDeliveryWorker } from '../adapters/delivery-worker';
import { HttpsWebhookSender } from '../adapters/https-webhook.sender';
import { DeliveryReconciler } from '../application/delivery.reconciler';
import { ensureSigningSecret } from '../application/signing-secret.handler';
import { endpointsTakingEvent } from '../adapters/webhook-endpoints-view.query';
import { ReadsByStamp } from '../application/reads-by-stamp';
import { endpointReadsByStamp, rememberedSigningReads } from '../application/remembered-reads';
import type { EndpointDirectory } from '../application/schedule-deliveries.handler';
import { SubjectFolds } from '../application/subject-folds';
import { attemptWithSignals, deliveryGauges, unrecordedAttemptWithSignals } from '../adapters/delivery-signals';
import { attemptBeforeScheduling, attemptDelivery, recordSentAttempt, type AttemptDeps, type SentAttempt } from '../application/attempt-delivery.handler';
import type { ScheduleDelivery } from '../domain/delivery.commands';
import type { DeliveryState } from '../domain/delivery.state';
import { FirstAttempts } from '../application/first-attempts';
import { EndpointHealthMonitor } from '../application/endpoint-health.monitor';
import { createMailSender, loadMailConfig, type MailSender } from '@eh/mail';
import { FANOUT_DURABLES, fanoutAccepts, fanoutHandler } from './fanout.reactor';

interface Running {
  cipher: SecretCipher;
  redis: RedisPair;
  queue: DeliveryQueue;
  sender: HttpsWebhookSender;
  worker: { close(): Promise<void> };
  reconciler: DeliveryReconciler;
  firstAttempts: FirstAttempts;
  health: EndpointHealthMonitor;
  mail: MailSender;
}

/**
 * What the webhooks service runs: the fan-out reactor turns public events into
 * deliveries, a BullMQ worker runs their attempts, and the reconciler re-derives the queue from
 * PostgreSQL. Connections (Redis, the secret keyring) open when the worker starts, so a process
 * that mounts DeliveryModule for its handlers alone (the gateway) opens none.
 */
@ContextRuntime()
@Injectable()
export class WebhooksRuntime implements ContextRuntimeDeclaration {
  readonly workers: readonly BackgroundWorker[];
  readonly reactors: readonly Reactor[];
  readonly gauges: readonly SignalGauge[];
  private running: Running | undefined;

  constructor(@Inject(CONFIG) config: ServiceConfig, @Inject(SQL) sql: SqlClient, @Inject(EVENT_STORE) store: EventStore) {
    const settings = config.webhooks;
    const clock = (): Date => new Date();
    // The store's commit feed tells what changed, so what did not is not read again; it
    // is open only while attempts read through it.
    const commitFeed = new CommitFeedOnDemand(store, new HeardCommits());
    const signingReads = rememberedSigningReads(store, commitFeed);
    this.workers = [
      {
        name: 'delivery attempts',
        start: async () => {
          if (config.attachments.urlSecretGenerated) console.warn('webhooks: ATTACHMENT_URL_SECRET is not set: attachment URLs in webhook bodies will not verify on the gateway');
          // The only process that opens signing secrets; refuses to start without keys in production.
          const cipher = startSecretCipher(config.secretKeyring);
          const secrets = new CachedSecretOpener(cipher, { ttlMs: 5 * 60_000, maxEntries: 10_000 });
          const redis = openRedisPair(config.redisUrl, 'webhooks');
          const queue = new DeliveryQueue(redis.producer, config.redisPrefix, clock);
          const sender = new HttpsWebhookSender({ timeoutMs: settings.timeoutMs, allowPrivateUrls: settings.allowPrivateUrls });
          const attemptDeps: AttemptDeps = { store, sender, secrets, scheduler: queue, retryDelaysMs: settings.retryDelaysMs, clock, signingReads };
          const worker = startDeliveryWorker(redis.worker, attemptDeps, { prefix: config.redisPrefix, concurrency: settings.concurrency, lockMs: settings.jobLockMs });
          const firstAttempts = new FirstAttempts({
            attempt: (deliveryId, scheduled) => {
              const job = { delivery_id: deliveryId, attempt: 1, traceparent: currentTraceparent() };
              return attemptWithSignals(job, () => attemptDelivery(attemptDeps, deliveryId, 1, scheduled));
            },
            ...(settings.firstAttemptWaitMs > 0
              ? {
                  attemptUnrecorded: (schedule: ScheduleDelivery, context: CommandContext, answered: () => void) => {
                    const job = { delivery_id: schedule.data.delivery_id, attempt: 1, traceparent: currentTraceparent() };
                    return unrecordedAttemptWithSignals(job, () => attemptBeforeScheduling(attemptDeps, schedule, context, settings.firstAttemptWaitMs, answered));
                  },
                  recordSent: (deliveryId: string, scheduled: FoldedStream<DeliveryState>, sent: SentAttempt) => {
                    const job = { delivery_id: deliveryId, attempt: 1, traceparent: currentTraceparent() };
                    return attemptWithSignals(job, () => recordSentAttempt(attemptDeps, deliveryId, 1, scheduled, sent));
                  },
                }
              : {}),
            enqueue: (deliveryId) => queue.enqueue(deliveryId, 1, clock()),
            limit: settings.concurrency,
            log: (line, error) => console.error(`webhooks: ${line}`, error ?? ''),
          });
          const reconciler = new DeliveryReconciler(sql, queue, settings.reconcileIntervalMs, clock, (deliveryId) => firstAttempts.isAttempting(deliveryId));
          const mail = createMailSender(loadMailConfig(process.env));
          const health = new EndpointHealthMonitor(
            {
              store,
              sql,
              mail,
              disableAfterMs: settings.endpointDisableAfterMs,
              clock,
              consoleUrl: (endpointId, mode) => `${config.publicBaseUrl}/console${mode === 'test' ? '/test' : ''}/webhooks/${encodeURIComponent(endpointId)}`,
              log: (line, error) => console.error(`webhooks: ${line}`, error ?? ''),
            },
            settings.endpointHealthIntervalMs,
          );
          this.running = { cipher, redis, queue, sender, worker, reconciler, firstAttempts, health, mail };
          reconciler.start();
          health.start();
        },
        stop: async () => {
          const running = this.running;
          this.running = undefined;
          if (!running) return;
          // The fan-out has stopped (reactors stop first): the attempts it began finish, or retry through the queue.
          await running.firstAttempts.stop();
          await running.health.stop();
          running.mail.close();
          await running.reconciler.stop();
          await running.worker.close();
          await running.queue.close();
          commitFeed.close();
          running.sender.close();
          await running.redis.close();
        },
      },
    ];
    // Uploaded attachments in webhook bodies are signed URLs, with the gateway's shared key.
    const attachmentUrls = new AttachmentUrls({ publicBaseUrl: config.publicBaseUrl, secrets: config.attachments.urlSecrets, ttlSeconds: config.attachments.urlTtlSeconds });
    const scheduler = {
      enqueue: (deliveryId: string, attempt: number, dueAt: Date) => this.started().queue.enqueue(deliveryId, attempt, dueAt),
      bringForward: (deliveryId: string, attempt: number) => this.started().queue.bringForward(deliveryId, attempt),
    };
    const endpoints: EndpointDirectory = (workspaceId, mode, eventType) => endpointsTakingEvent(sql, workspaceId, mode, eventType);
    const readsByStamp = new ReadsByStamp();
    const handle = fanoutHandler({
      store,
      scheduler,
      clock,
      presentObject: (object, now) => attachmentUrls.present(object, now),
      // Every enabled partner endpoint of the mode taking the event, and the webhook_url secret.
      endpoints,
      // Streams being worked on now: a fold forgotten costs one read. States carry briefs and outputs, so kept few.
      subjects: new SubjectFolds(store, 2_000),
      // The relay's copies carry a stamp that changes with every endpoint event: reads kept by it.
      readsFor: (delivery) => (delivery?.copyStamp === undefined ? undefined : endpointReadsByStamp(endpoints, store, readsByStamp, delivery.copyStamp)),
      firstAttempts: {
        begin: (deliveryId, scheduled) => this.started().firstAttempts.begin(deliveryId, scheduled),
        attemptThenSchedule: (schedule, context, scheduleAlone, answered) => this.started().firstAttempts.attemptThenSchedule(schedule, context, scheduleAlone, answered),
      },
      ensureSigningSecret: async (workspaceId, mode) => {
        await ensureSigningSecret({ store, cipher: this.started().cipher, now: clock(), correlationId: `fanout:${workspaceId}` }, workspaceId, mode);
      },
    });
    // Dead letters and overdue deliveries, read from deliveries_view when scraped.
    this.gauges = deliveryGauges(sql);
    // One durable per category the fan-out acts on (FANOUT_DURABLES).
    this.reactors = FANOUT_DURABLES.map(
      ({ durable, subjects, parallel, replaces }): Reactor => ({
        durable,
        subjects,
        accepts: fanoutAccepts,
        handle,
        // Public events are fanned out in parallel (order is not needed, bodies carry `sequence`;
        // scheduling is idempotent). Within a puller, one deployment's or handoff's events
        // go in order, so SubjectFolds follows them without reading; across pullers it may not.
        pullers: parallel ? settings.fanoutConsumers : 1,
        concurrency: parallel ? settings.fanoutConcurrency : 1,
        ackWaitMs: settings.fanoutAckWaitMs,
        // Run again, it schedules nothing twice (derived delivery ids, appended expecting no
        // stream) and enqueues only what is idempotent by job id: no processed_events row is needed.
        rerunnable: true,
        replaces,
      }),
    );
  }

  /** What the worker opened: the fan-out runs only after it (workers start before reactors). */
  private started(): Running {
    if (!this.running) throw new Error('the delivery worker is not running in this process');
    return this.running;
  }
}
