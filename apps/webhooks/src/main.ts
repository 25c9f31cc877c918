import { AttachmentUrls } from '@eh/attachments';
import { endpointsTakingEvent, ensureSigningSecret } from '@eh/delivery';
import { JetStreamEventConsumer } from '@eh/event-store';
import { DeliveryQueue, DeliveryReconciler, startDeliveryWorker } from '@eh/delivery';
import { loadConfig, openRedisPair, startSecretCipher } from '@eh/platform';
import { openDatabase, openMessaging, runService } from '@eh/runtime';
import { CachedSecretOpener } from './cached-secret-opener';
import { fanoutAccepts, fanoutHandler } from './fanout.reactor';
import { HttpsWebhookSender } from './https-webhook.sender';

/**
 * The webhooks service (issue 6): fans public events out into deliveries, runs their attempts
 * from a BullMQ queue, and reconciles the queue with PostgreSQL. Stateless; run as many as
 * needed (one shared durable consumer, BullMQ workers share the queue).
 */
runService('webhooks', async () => {
  const config = loadConfig();
  const settings = config.webhooks;
  const clock = (): Date => new Date();
  // The only service that opens signing secrets (issue 11); refuses to start without keys in production.
  const cipher = startSecretCipher(config.secretKeyring);
  const secrets = new CachedSecretOpener(cipher, { ttlMs: 5 * 60_000, maxEntries: 10_000 });
  // Started before PostgreSQL answers, it waits for it rather than exiting into a crash loop.
  const database = await openDatabase(config, 20, [], { waitForServer: true });
  const messaging = await openMessaging(config, 'webhooks');
  const redis = openRedisPair(config.redisUrl, 'webhooks');
  const queue = new DeliveryQueue(redis.producer, config.redisPrefix, clock);
  const sender = new HttpsWebhookSender({ timeoutMs: settings.timeoutMs, allowPrivateUrls: settings.allowPrivateUrls });
  const worker = startDeliveryWorker(
    redis.worker,
    { store: database.store, sender, secrets, scheduler: queue, retryDelaysMs: settings.retryDelaysMs, clock },
    { prefix: config.redisPrefix, concurrency: settings.concurrency, lockMs: settings.jobLockMs },
  );
  // Several pullers on the one durable, like replicas: public events are fanned out in
  // parallel (order is not needed, bodies carry `sequence`; scheduling is idempotent).
  const fanouts = Array.from(
    { length: settings.fanoutConsumers },
    () =>
      new JetStreamEventConsumer({
        js: messaging.js,
        jsm: messaging.jsm,
        pool: database.pool,
        streamName: config.natsStream,
        ackWaitMs: settings.fanoutAckWaitMs,
        onError: (error, event) => console.error(`webhooks: event ${event?.id ?? '?'} failed`, error),
      }),
  );
  // Issue 12: uploaded attachments in webhook bodies are signed URLs, with the gateway's shared key.
  const attachmentUrls = new AttachmentUrls({ publicBaseUrl: config.publicBaseUrl, secrets: config.attachments.urlSecrets, ttlSeconds: config.attachments.urlTtlSeconds });
  if (config.attachments.urlSecretGenerated) console.warn('webhooks: ATTACHMENT_URL_SECRET is not set: attachment URLs in webhook bodies will not verify on the gateway');
  const handler = fanoutHandler({
    store: database.store,
    scheduler: queue,
    clock,
    presentObject: (object, now) => attachmentUrls.present(object, now),
    // Issue 13: every enabled partner endpoint of the mode taking the event, and the webhook_url secret.
    endpoints: (workspaceId, mode, eventType) => endpointsTakingEvent(database.pool, workspaceId, mode, eventType),
    ensureSigningSecret: async (workspaceId, mode) => {
      await ensureSigningSecret({ store: database.store, cipher, now: clock(), correlationId: `fanout:${workspaceId}` }, workspaceId, mode);
    },
  });
  // One subject (nats-server 2.9 has no filter_subjects): every event, the others acked unread.
  for (const fanout of fanouts) {
    await fanout.start({ durableName: 'webhooks-fanout', filterSubject: `${config.subjectPrefix}.>`, handler, accepts: fanoutAccepts });
  }
  const reconciler = new DeliveryReconciler(database.pool, queue, settings.reconcileIntervalMs, clock);
  reconciler.start();
  return async () => {
    await reconciler.stop();
    await Promise.all(fanouts.map((fanout) => fanout.stop()));
    await worker.close();
    await queue.close();
    sender.close();
    await redis.close();
    await messaging.close();
    await database.close();
  };
});
