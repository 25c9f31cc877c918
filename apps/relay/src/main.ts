import { EventRelay } from '@eh/event-store';
import { loadConfig } from '@eh/platform';
import { openDatabase, openMessaging, runService } from '@eh/runtime';

/** Publishes every committed event to JetStream in store order (DESIGN.md "To NATS"). */
runService('relay', async () => {
  const config = loadConfig();
  // Started before PostgreSQL answers, it waits for it rather than exiting into a crash loop.
  const database = await openDatabase(config, 4, [], { waitForServer: true });
  const messaging = await openMessaging(config, 'relay');
  const relay = new EventRelay({
    store: database.store,
    pool: database.pool,
    js: messaging.js,
    subjectPrefix: config.subjectPrefix,
    onError: (error) => console.error('relay error', error),
  });
  relay.start();
  return async () => {
    await relay.stop();
    await messaging.close();
    await database.close();
  };
});
