/**
 * Issue 14: DestinationPresence on the real store's commit feed. Once a deployment's commit is
 * heard, a workspace without endpoints costs no query at all; an endpoint registered before the
 * next event is seen at once; every answer agrees with the query it replaces.
 */
import { deploymentStreamName, newId } from '@eh/contracts';
import { deploymentDecider, SYNTHETIC_EXPERT, type DeploymentCommand } from '@eh/deployments';
import { decodeCheckpoint, handleCommand, HeardCommits, PostgresEventStore, type CommitObserver, type RecordedEvent } from '@eh/event-store';
import { parseSecretKeyring, runMigrations, SecretCipher } from '@eh/platform';
import { createTestDatabase, type TestDatabase } from '@eh/platform/testing';
import { createWorkspace } from '@eh/workspaces';
import { allMigrations, inlineProjections } from '../../../../test/support/all-contexts';
import { endpointModesOf, mayHaveDestinations } from '../adapters/destination-presence.query';
import { DestinationPresence } from './destination-presence';
import { registerWebhookEndpoint } from './webhook-endpoint.handler';

const NOW = new Date('2030-01-01T00:00:00.000Z');
const cipher = new SecretCipher(parseSecretKeyring(`k1:${Buffer.alloc(32, 7).toString('base64')}`));

describe('DestinationPresence on the PostgreSQL commit feed', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let presence: DestinationPresence;
  const reads = { loads: 0, asks: 0 };
  const heard = new Set<string>();
  let listening = false;
  const unwatch: (() => void)[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.pool, allMigrations);
    store = new PostgresEventStore(db.pool, { inlineProjections });
    const commits = new HeardCommits();
    presence = new DestinationPresence(
      {
        loadEndpointModes: (workspaceId) => (reads.loads++, endpointModesOf(db.pool, workspaceId)),
        ask: (event) => (reads.asks++, mayHaveDestinations(db.pool, event)),
      },
      commits,
    );
    const witness: CommitObserver = {
      listening: () => void (listening = true),
      lost: () => void (listening = false),
      appended: (_stream, transactionId) => void (transactionId && heard.add(transactionId)),
    };
    // The witness watches after the presence, so it hears each commit after the presence did.
    unwatch.push(store.watchCommits(commits), store.watchCommits(witness));
    await until(() => listening);
  });

  afterAll(async () => {
    for (const stop of unwatch) stop();
    await store?.close();
    await db?.drop();
  });

  async function until(condition: () => boolean): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** A test-mode deployment, created and accepted; the presence learns it as the fan-out would. */
  async function acceptedDeployment(workspaceId: string, webhookUrl: string | null = null): Promise<RecordedEvent> {
    const id = newId('deployment');
    const create: DeploymentCommand = {
      type: 'create',
      data: {
        deployment_id: id, workspace_id: workspaceId, mode: 'test', brief: 'b', skills: ['naming'], urgency: 'standard', scheduled_for: null,
        context_url: null, context_files: [], metadata: {}, webhook_url: webhookUrl, sla_deadline: NOW.toISOString(), credits_reserved: 0, created_at: NOW.toISOString(),
      },
    };
    const context = { workspaceId, correlationId: 'req_test', causationId: null, now: NOW.toISOString() };
    await handleCommand(store, deploymentDecider, deploymentStreamName(id), create, context);
    await handleCommand(store, deploymentDecider, deploymentStreamName(id), { type: 'accept', expert: SYNTHETIC_EXPERT, now: NOW.toISOString() }, context);
    const [created, accepted] = await store.read(deploymentStreamName(id));
    presence.learn(created as RecordedEvent);
    await until(() => heard.has(decodeCheckpoint((accepted as RecordedEvent).checkpoint).transactionId));
    return accepted as RecordedEvent;
  }

  /** The presence's answer, checked against the query it stands in for. */
  async function answer(event: RecordedEvent): Promise<boolean> {
    const fromMemory = await presence.mayHaveDestinations(event);
    expect(await mayHaveDestinations(db.pool, event)).toBe(fromMemory);
    return fromMemory;
  }

  it('costs no query for a workspace without endpoints once it is known, and sees an endpoint registered before the next event', async () => {
    const workspaceId = (await createWorkspace(store, 'bare', NOW)).id;
    expect(await answer(await acceptedDeployment(workspaceId))).toBe(false);
    expect(reads).toEqual({ loads: 1, asks: 0 });
    expect(await answer(await acceptedDeployment(workspaceId))).toBe(false);
    expect(await answer(await acceptedDeployment(workspaceId))).toBe(false);
    expect(reads).toEqual({ loads: 1, asks: 0 });

    await registerWebhookEndpoint({ sql: db.pool, store, cipher, allowPrivateUrls: true, now: NOW, correlationId: 'req_1' }, workspaceId, 'http://127.0.0.1:9/hook');
    expect(await answer(await acceptedDeployment(workspaceId))).toBe(true);
    expect(reads).toEqual({ loads: 2, asks: 0 });
  });

  it('says yes for a deployment with a webhook_url, and asks PostgreSQL about one it did not see created', async () => {
    const workspaceId = (await createWorkspace(store, 'override', NOW)).id;
    const before = { ...reads };
    expect(await answer(await acceptedDeployment(workspaceId, 'http://127.0.0.1:9/override'))).toBe(true);
    expect(reads).toEqual(before);
    const unseen = await acceptedDeployment(workspaceId);
    expect(await answer({ ...unseen, streamName: deploymentStreamName(newId('deployment')) })).toBe(true);
    expect(reads.asks).toBe(before.asks + 1);
  });
});
