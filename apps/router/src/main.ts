import { DeploymentTimerQueue, TimerReconciler, fireTimer } from '@eh/deployments';
import { JetStreamEventConsumer, type RecordedEvent } from '@eh/event-store';
import { loadConfig, openRedisPair } from '@eh/platform';
import { openDatabase, openMessaging, runService } from '@eh/runtime';
import { reactToDeployment } from './deployment.reactor';
import { handoffReactorAccepts, reactToDeploymentForHandoff } from './handoff.reactor';
import { startQuoteResponder } from './quote.responder';
import { reactToRosterEvent } from './roster.reactor';

/**
 * The router: answers quotes, offers live deployments to one expert at a time, plays the expert
 * in test mode, keeps every clock (BullMQ timers re-derived from the events), and mirrors each
 * deployment into the handoff that opened it (issue 8). Stateless; run
 * as many replicas as needed: they share the durable consumers and the timer queue.
 */
runService('router', async () => {
  const config = loadConfig();
  // Started before PostgreSQL answers, it waits for it rather than exiting into a crash loop.
  const database = await openDatabase(config, 10, [], { waitForServer: true });
  const messaging = await openMessaging(config, 'router');
  const { durations } = config;
  const quotes = startQuoteResponder(messaging.nats, database.pool, config.subjectPrefix);
  const redis = openRedisPair(config.redisUrl, 'router');
  const queue = new DeploymentTimerQueue(redis, config.redisPrefix);
  const timers = new TimerReconciler(database.pool, queue, { reconcileSeconds: durations.timerReconcileSeconds });
  const offerDeps = {
    store: database.store,
    sql: database.pool,
    offerTimeoutSeconds: durations.offerTimeoutSeconds,
    briefFitHalfLifeSeconds: durations.briefFitHalfLifeSeconds,
  };
  queue.startWorker(async (job) => {
    await fireTimer({ store: database.store, replyWindowSeconds: durations.replyWindowSeconds }, job, new Date());
  });
  await timers.start();
  const consumer = (name: string) =>
    new JetStreamEventConsumer({
      js: messaging.js,
      jsm: messaging.jsm,
      pool: database.pool,
      streamName: config.natsStream,
      onError: (error: Error, event: RecordedEvent | undefined) => console.error(`router ${name}: event ${event?.id ?? '?'} failed`, error),
    });
  const deployments = consumer('deployments');
  await deployments.start({
    durableName: 'router-deployments',
    filterSubject: `${config.subjectPrefix}.deployment.>`,
    handler: (event) => reactToDeployment({ ...offerDeps, timers, replyWindowSeconds: durations.replyWindowSeconds }, event),
  });
  const roster = consumer('roster');
  await roster.start({
    durableName: 'router-roster',
    filterSubject: `${config.subjectPrefix}.expert.>`,
    handler: (event) => reactToRosterEvent(offerDeps, event),
  });
  // Issue 8: handoffs mirror their deployments; its own durable, so a slow handoff never holds up routing.
  const handoffs = consumer('handoffs');
  await handoffs.start({
    durableName: 'router-handoffs',
    filterSubject: `${config.subjectPrefix}.deployment.>`,
    handler: (event) => reactToDeploymentForHandoff(database.store, event),
    accepts: handoffReactorAccepts,
  });
  return async () => {
    quotes.unsubscribe();
    await deployments.stop();
    await handoffs.stop();
    await roster.stop();
    await timers.stop();
    await queue.close();
    await redis.close();
    await messaging.close();
    await database.close();
  };
});
