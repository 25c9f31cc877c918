import { connectNats } from '@eh/platform';
import { testNamespace, waitUntil } from '@eh/platform/testing';
import type { EventStore, RecordedEvent } from '@eh/event-store';
import type { ExpertNotice } from '@eh/deployments';
import type { NatsConnection } from 'nats';
import { ExpertEventHub } from './expert-event.hub';
import type { PresenceBeacon } from './expert-presence-beacon';

/** The console's live updates as the hub hears them from the loopback NATS server. */
describe('ExpertEventHub', () => {
  let nats: NatsConnection;
  let prefix: string;
  let hub: ExpertEventHub;
  const presence = { hold: () => () => undefined, stop: () => undefined } as unknown as PresenceBeacon;
  // Offers name their expert: the hub reads nothing for them.
  const store = { read: () => Promise.reject(new Error('no read expected')) } as unknown as EventStore;

  const offered = (deploymentId: string): Partial<RecordedEvent> => ({
    id: `evt_${deploymentId}`,
    type: 'deployment.offered',
    streamName: `deployment-${deploymentId}`,
    streamRevision: 2,
    data: {
      deployment_id: deploymentId,
      offer_number: 1,
      expert: { id: 'exp_ada', name: 'Ada', role: 'Copywriter' },
      offer_expires_at: '2030-01-01T00:05:00.000Z',
    },
    metadata: { workspace_id: 'ws_1', correlation_id: 'req_1', causation_id: null, schema_version: 1, occurred_at: '2030-01-01T00:00:00.000Z' },
  });

  beforeEach(async () => {
    nats = await connectNats({ name: 'expert-hub-test' });
    prefix = `${testNamespace()}.events`;
    hub = new ExpertEventHub(nats, prefix, store, presence);
  });

  afterEach(async () => {
    await hub.stop();
    await nats.close();
  });

  it('is told of live deployments only: a test-mode deployment is played by the synthetic expert, and its events never reach the gateway', async () => {
    const heard: ExpertNotice[] = [];
    await hub.connect({ expertId: 'exp_ada', sessionTokenSha256: null, send: (notice) => void heard.push(notice), close: () => undefined });
    nats.publish(`${prefix}.deployment.dep_test.test`, JSON.stringify(offered('dep_test')));
    nats.publish(`${prefix}.deployment.dep_live`, JSON.stringify(offered('dep_live')));
    await waitUntil(() => heard.length > 0, { description: 'the live offer heard' });
    await nats.flush();
    expect(heard.map((notice) => [notice.event, notice.data.deployment_id])).toEqual([['offer.created', 'dep_live']]);
  });
});
