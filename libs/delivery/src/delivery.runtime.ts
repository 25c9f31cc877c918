import { Inject } from '@nestjs/common';
import { AttachmentUrls } from '@eh/attachments';
import type { BackgroundWorker, BusDelivery, ContextRuntimeDeclaration, EventStore, Reactor, ReactorOutcome, RecordedEvent } from '@eh/event-store';
import { createMailSender, loadMailConfig } from '@eh/mail';
import { CONFIG, ContextRuntime, EVENT_STORE, openRedisPair, SQL, startSecretCipher, type ServiceConfig, type SignalGauge, type SqlClient } from '@eh/platform';
import { CachedSecretOpener } from './adapters/cached-secret-opener';
import { DeliveryQueue } from './adapters/delivery-queue';
import { attemptWithSignals, deliveryGauges, jobOf } from './adapters/delivery-signals';
import { startDeliveryWorker } from './adapters/delivery-worker';
import { HttpsWebhookSender } from './adapters/https-webhook.sender';
import { endpointsTakingEvent } from './adapters/webhook-endpoints-view.query';
import { attemptDelivery, type AttemptDeps } from './application/attempt-delivery.handler';
import { DeliveryReconciler } from './application/delivery.reconciler';
import { EndpointHealthMonitor } from './application/endpoint-health.monitor';
import { FirstAttempts } from './application/first-attempts';
import { ensureSigningSecret } from './application/signing-secret.handler';
import { WebhookReads } from './application/webhook-reads';
import { FANOUT_DURABLES, fanoutAccepts, fanoutHandler } from './reactors/fanout.reactor';

/** The webhooks service while its worker runs: the fan-out's handler, and how it stops. */
interface OpenWebhooks {
  fanout(event: RecordedEvent, delivery?: BusDelivery): Promise<ReactorOutcome>;
  stop(): Promise<void>;
}

/**
 * What the webhooks service runs: the fan-out reactor turns public events into
 * deliveries, a BullMQ worker runs their attempts, and the reconciler re-derives the queue from
 * PostgreSQL. Everything opens when the worker starts, so a process that mounts DeliveryModule
 * for its handlers alone (the gateway) opens nothing; workers start before reactors.
 */
@ContextRuntime()
export class DeliveryRuntime implements ContextRuntimeDeclaration {
  readonly workers: readonly BackgroundWorker[];
  readonly reactors: readonly Reactor[];
  readonly gauges: readonly SignalGauge[];
  private open: OpenWebhooks | undefined;

  constructor(@Inject(CONFIG) config: ServiceConfig, @Inject(SQL) sql: SqlClient, @Inject(EVENT_STORE) store: EventStore) {
    this.workers = [
      {
        name: 'delivery attempts',
        start: async () => {
          this.open = openWebhooks(config, sql, store);
        },
        stop: async () => {
          const open = this.open;
          this.open = undefined;
          await open?.stop();
        },
      },
    ];
    // Dead letters and overdue deliveries, read from deliveries_view when scraped.
    this.gauges = deliveryGauges(sql);
    const settings = config.webhooks;
    // One durable per category the fan-out acts on (FANOUT_DURABLES).
    this.reactors = FANOUT_DURABLES.map(
      ({ durable, subjects, parallel, replaces }): Reactor => ({
        durable,
        subjects,
        accepts: fanoutAccepts,
        handle: (event, delivery) => this.started().fanout(event, delivery),
        // Public events are fanned out in parallel (order is not needed, bodies carry `sequence`;
        // scheduling is idempotent). Within a puller, one deployment's or handoff's events
        // go in order, so their folds follow them without reading; across pullers they may not.
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

  private started(): OpenWebhooks {
    if (!this.open) throw new Error('the delivery worker is not running in this process');
    return this.open;
  }
}

/**
 * The webhooks service, top-down as an event goes: the fan-out reads what the event is about and
 * where it goes (WebhookReads), records its deliveries, and makes each first attempt here
 * (FirstAttempts), or queues it; the queue's worker makes every later one. Both go through the
 * one attempt entry (attemptDelivery), which signs with the secrets active now and POSTs.
 */
function openWebhooks(config: ServiceConfig, sql: SqlClient, store: EventStore): OpenWebhooks {
  const settings = config.webhooks;
  const clock = (): Date => new Date();
  const log = (line: string, error?: unknown): void => console.error(`webhooks: ${line}`, error ?? '');
  if (config.attachments.urlSecretGenerated)
    console.warn('webhooks: ATTACHMENT_URL_SECRET is not set: attachment URLs in webhook bodies will not verify on the gateway');
  // Uploaded attachments in webhook bodies are signed URLs, with the gateway's shared key.
  const attachmentUrls = new AttachmentUrls({
    publicBaseUrl: config.publicBaseUrl,
    secrets: config.attachments.urlSecrets,
    ttlSeconds: config.attachments.urlTtlSeconds,
  });
  // The only process that opens signing secrets; refuses to start without keys in production.
  const cipher = startSecretCipher(config.secretKeyring);
  const redis = openRedisPair(config.redisUrl, 'webhooks');
  const queue = new DeliveryQueue(redis.producer, config.redisPrefix, clock);
  const sender = new HttpsWebhookSender({ timeoutMs: settings.timeoutMs, allowPrivateUrls: settings.allowPrivateUrls });
  const reads = new WebhookReads(store, (workspaceId, mode, eventType) => endpointsTakingEvent(sql, workspaceId, mode, eventType));

  const attemptDeps: AttemptDeps = {
    store,
    sender,
    secrets: new CachedSecretOpener(cipher, { ttlMs: 5 * 60_000, maxEntries: 10_000 }),
    scheduler: queue,
    retryDelaysMs: settings.retryDelaysMs,
    clock,
    signingReads: reads.signing,
  };
  const firstAttempts = new FirstAttempts({
    attempt: (start) => attemptWithSignals(jobOf(start), () => attemptDelivery(attemptDeps, start)),
    waitMs: settings.firstAttemptWaitMs,
    enqueue: (deliveryId) => queue.enqueue(deliveryId, 1, clock()),
    limit: settings.concurrency,
    log,
  });
  const fanout = fanoutHandler({
    store,
    scheduler: queue,
    clock,
    presentObject: (object, now) => attachmentUrls.present(object, now),
    ensureSigningSecret: async (workspaceId, mode) => {
      await ensureSigningSecret({ store, cipher, now: clock(), correlationId: `fanout:${workspaceId}` }, workspaceId, mode);
    },
    reads,
    firstAttempts,
  });
  const worker = startDeliveryWorker(redis.worker, attemptDeps, { prefix: config.redisPrefix, concurrency: settings.concurrency, lockMs: settings.jobLockMs });

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
      log,
    },
    settings.endpointHealthIntervalMs,
  );
  reconciler.start();
  health.start();

  return {
    fanout,
    stop: async () => {
      // The fan-out has stopped (reactors stop first): the attempts it began finish, or retry through the queue.
      await firstAttempts.stop();
      await health.stop();
      mail.close();
      await reconciler.stop();
      await worker.close();
      await queue.close();
      reads.close();
      sender.close();
      await redis.close();
    },
  };
}
