import { JetStreamEventConsumer } from '@eh/event-store';
import { loadConfig } from '@eh/platform';
import { openDatabase, openMessaging, runService } from '@eh/runtime';
import { startQuoteResponder } from './quote.responder';
import { reactToDeploymentEvent } from './synthesizer.reactor';

/** The router: answers quotes, and (test mode) plays the expert. Stateless; run as many as needed. */
runService('router', async () => {
  const config = loadConfig();
  const database = await openDatabase(config, 10);
  const messaging = await openMessaging(config, 'router');
  const quotes = startQuoteResponder(messaging.nats, database.pool, config.subjectPrefix);
  const synthesizer = new JetStreamEventConsumer({
    js: messaging.js,
    jsm: messaging.jsm,
    pool: database.pool,
    streamName: config.natsStream,
    onError: (error, event) => console.error(`router: event ${event?.id ?? '?'} failed`, error),
  });
  await synthesizer.start({
    durableName: 'router-synthesizer',
    filterSubject: `${config.subjectPrefix}.deployment.>`,
    handler: (event) => reactToDeploymentEvent(database.store, event),
  });
  return async () => {
    quotes.unsubscribe();
    await synthesizer.stop();
    await messaging.close();
    await database.close();
  };
});
