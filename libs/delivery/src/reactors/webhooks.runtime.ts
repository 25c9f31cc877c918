import { Inject, Injectable } from '@nestjs/common';
import { AttachmentUrls } from '@eh/attachments';
import type { BackgroundWorker, ContextRuntimeDeclaration, EventStore, Reactor } from '@eh/event-store';
import { CONFIG, ContextRuntime, EVENT_STORE, openRedisPair, SQL, startSecretCipher, type RedisPair, type SecretCipher, type ServiceConfig, type SignalGauge, type SqlClient } from '@eh/platform';
import { CachedSecretOpener } from '../adapters/cached-secret-opener';
import { DeliveryQueue } from '../adapters/delivery-queue';
import { startDeliveryWorker } from '../adapters/delivery-worker';
import { HttpsWebhookSender } from '../adapters/https-webhook.sender';
import { DeliveryReconciler } from '../application/delivery.reconciler';
import { ensureSigningSecret } from '../application/signing-secret.handler';
import { endpointsTakingEvent } from '../adapters/webhook-endpoints-view.query';
import { oncePerBatch } from '../adapters/destination-presence.memo';
import { endpointModesOf, mayHaveDestinations } from '../adapters/destination-presence.query';
import { DestinationPresence } from '../application/destination-presence';
import { deliveryGauges } from '../adapters/delivery-signals';
import { fanoutAccepts, fanoutHandler } from './fanout.reactor';

interface Running {
  cipher: SecretCipher;
  redis: RedisPair;
  queue: DeliveryQueue;
  sender: HttpsWebhookSender;
  worker: { close(): Promise<void> };
  reconciler: DeliveryReconciler;
}

/**
 * What the webhooks service runs (issue 6): the fan-out reactor turns public events into
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
    // Issue 14: no query for an event with no destination, once the store's commit feed runs.
    const destinations = new DestinationPresence({ loadEndpointModes: (workspaceId) => endpointModesOf(sql, workspaceId), ask: (event) => mayHaveDestinations(sql, event) });
    let unwatchCommits: (() => void) | undefined;
    this.workers = [
      {
        name: 'commit feed',
        start: async () => {
          unwatchCommits = store.watchCommits?.(destinations);
        },
        stop: async () => {
          unwatchCommits?.();
          unwatchCommits = undefined;
        },
      },
      {
        name: 'delivery attempts',
        start: async () => {
          if (config.attachments.urlSecretGenerated) console.warn('webhooks: ATTACHMENT_URL_SECRET is not set: attachment URLs in webhook bodies will not verify on the gateway');
          // The only process that opens signing secrets (issue 11); refuses to start without keys in production.
          const cipher = startSecretCipher(config.secretKeyring);
          const secrets = new CachedSecretOpener(cipher, { ttlMs: 5 * 60_000, maxEntries: 10_000 });
          const redis = openRedisPair(config.redisUrl, 'webhooks');
          const queue = new DeliveryQueue(redis.producer, config.redisPrefix, clock);
          const sender = new HttpsWebhookSender({ timeoutMs: settings.timeoutMs, allowPrivateUrls: settings.allowPrivateUrls });
          const worker = startDeliveryWorker(
            redis.worker,
            { store, sender, secrets, scheduler: queue, retryDelaysMs: settings.retryDelaysMs, clock },
            { prefix: config.redisPrefix, concurrency: settings.concurrency, lockMs: settings.jobLockMs },
          );
          const reconciler = new DeliveryReconciler(sql, queue, settings.reconcileIntervalMs, clock);
          this.running = { cipher, redis, queue, sender, worker, reconciler };
          reconciler.start();
        },
        stop: async () => {
          const running = this.running;
          this.running = undefined;
          if (!running) return;
          await running.reconciler.stop();
          await running.worker.close();
          await running.queue.close();
          running.sender.close();
          await running.redis.close();
        },
      },
    ];
    // Issue 12: uploaded attachments in webhook bodies are signed URLs, with the gateway's shared key.
    const attachmentUrls = new AttachmentUrls({ publicBaseUrl: config.publicBaseUrl, secrets: config.attachments.urlSecrets, ttlSeconds: config.attachments.urlTtlSeconds });
    const scheduler = { enqueue: (deliveryId: string, attempt: number, dueAt: Date) => this.started().queue.enqueue(deliveryId, attempt, dueAt) };
    const handle = fanoutHandler({
      store,
      scheduler,
      clock,
      presentObject: (object, now) => attachmentUrls.present(object, now),
      // Issue 13: every enabled partner endpoint of the mode taking the event, and the webhook_url secret.
      endpoints: (workspaceId, mode, eventType) => endpointsTakingEvent(sql, workspaceId, mode, eventType),
      mayHaveDestinations: oncePerBatch((event) => destinations.mayHaveDestinations(event)),
      learnDeployment: (event) => destinations.learn(event),
      ensureSigningSecret: async (workspaceId, mode) => {
        await ensureSigningSecret({ store, cipher: this.started().cipher, now: clock(), correlationId: `fanout:${workspaceId}` }, workspaceId, mode);
      },
    });
    // Issue 16: dead letters and overdue deliveries, read from deliveries_view when scraped.
    this.gauges = deliveryGauges(sql);
    this.reactors = [
      {
        durable: 'webhooks-fanout',
        // One subject (nats-server 2.9 has no filter_subjects): every event, the others acked unread.
        subjects: '>',
        accepts: fanoutAccepts,
        handle,
        // Several pullers on the one durable, like replicas: public events are fanned out in
        // parallel (order is not needed, bodies carry `sequence`; scheduling is idempotent).
        pullers: settings.fanoutConsumers,
        ackWaitMs: settings.fanoutAckWaitMs,
      },
    ];
  }

  /** What the worker opened: the fan-out runs only after it (workers start before reactors). */
  private started(): Running {
    if (!this.running) throw new Error('the delivery worker is not running in this process');
    return this.running;
  }
}
