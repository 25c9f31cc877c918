import { JetStreamEventConsumer } from '@eh/event-store';
import { accountCommandFor, accountCommandForWorkspace, applyCreditReaction, CachedAccountRunner, ledgerPolicy, releaseOrphans, rollEndedCycles } from '@eh/ledger';
import { loadConfig, startPeriodicTask } from '@eh/platform';
import { openDatabase, openMessaging, runService } from '@eh/runtime';
import { AccountSerializer } from './account-serializer';
import { startReleaseResponder } from './release.responder';
import { startReserveResponder } from './reserve.responder';

/**
 * The ledger (DESIGN.md "Services"): answers reserves, follows deployments to confirm,
 * release and settle, releases orphans, starts cycles. Stateless; run as many as needed.
 */
runService('ledger', async () => {
  const config = loadConfig();
  // Started before PostgreSQL answers, it waits for it rather than exiting into a crash loop.
  const database = await openDatabase(config, 10, [], { waitForServer: true });
  const messaging = await openMessaging(config, 'ledger');
  // Every account command of this process goes through one cached runner, queued per workspace.
  const run = new CachedAccountRunner(database.store, ledgerPolicy(config.ledger)).run;
  const serializer = new AccountSerializer();
  const report = (what: string) => (error: unknown) => console.error(`ledger: ${what}`, error);
  const responder = startReserveResponder({
    nats: messaging.nats,
    run,
    serializer,
    subjectPrefix: config.subjectPrefix,
    reservationTtlSeconds: config.ledger.reservationTtlSeconds,
    onError: report('reserve failed'),
  });
  // Issue 11: a create that failed after its reserve gives the credits back at once.
  const releases = startReleaseResponder({ nats: messaging.nats, run, serializer, subjectPrefix: config.subjectPrefix, onError: report('release failed') });
  const consumer = (durable: string) =>
    new JetStreamEventConsumer({
      js: messaging.js,
      jsm: messaging.jsm,
      pool: database.pool,
      streamName: config.natsStream,
      onError: (error, event) => console.error(`ledger: ${durable} event ${event?.id ?? '?'} failed`, error),
    });
  // nats-server 2.9 takes one filter subject per consumer, hence one durable per category.
  const deployments = consumer('ledger');
  await deployments.start({
    durableName: 'ledger',
    filterSubject: `${config.subjectPrefix}.deployment.>`,
    handler: async (event) => {
      await serializer.run(event.metadata.workspace_id, () => applyCreditReaction(run, event, accountCommandFor(event, new Date().toISOString())));
    },
  });
  const workspaces = consumer('ledger-workspaces');
  await workspaces.start({
    durableName: 'ledger-workspaces',
    filterSubject: `${config.subjectPrefix}.workspace.>`,
    handler: async (event) => {
      await serializer.run(event.metadata.workspace_id, () => applyCreditReaction(run, event, accountCommandForWorkspace(event)));
    },
  });
  // Both run once at start too: a ledger that was down catches up at once.
  const queue = <T>(workspaceId: string, work: () => Promise<T>): Promise<T> => serializer.run(workspaceId, work);
  const orphans = startPeriodicTask('orphan sweep', config.ledger.sweepIntervalMs, () => releaseOrphans(run, database.pool, new Date(), queue), report('orphan sweep'));
  const cycles = startPeriodicTask('cycle check', config.ledger.cycleCheckIntervalMs, () => rollEndedCycles(run, database.pool, new Date(), queue), report('cycle check'));
  return async () => {
    responder.unsubscribe();
    releases.unsubscribe();
    await orphans.stop();
    await cycles.stop();
    await deployments.stop();
    await workspaces.stop();
    await messaging.close();
    await database.close();
  };
});
