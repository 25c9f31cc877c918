import { HeardCommits, type RecordedEvent } from '@eh/event-store';
import { DestinationPresence, type EndpointModes } from './destination-presence';

const NONE: EndpointModes = { live: false, test: false };

function event(type: string, transactionId: string, options: { stream?: string; data?: Record<string, unknown>; workspace?: string } = {}): RecordedEvent {
  return {
    id: `evt_${type}_${transactionId}`,
    type,
    data: options.data ?? {},
    metadata: { workspace_id: options.workspace ?? 'ws_1', correlation_id: 'req_1', causation_id: null, schema_version: 1, occurred_at: '2026-11-24T00:00:00.000Z' },
    streamName: options.stream ?? 'deployment-dep_1',
    streamRevision: 0,
    checkpoint: `${transactionId}:1`,
    recordedAt: '2026-11-24T00:00:00.000Z',
  };
}

const created = (mode: string, webhookUrl: string | null = null, stream = 'deployment-dep_1'): RecordedEvent =>
  event('deployment.created', '1', { stream, data: { mode, webhook_url: webhookUrl } });

/** A presence over a workspace directory the test edits, counting what it reads. */
function harness(modes: Record<string, EndpointModes> = {}) {
  const reads = { loads: [] as string[], asks: [] as string[] };
  let pendingLoad: { release: () => void } | undefined;
  let holdLoads = false;
  const feed = new HeardCommits({ transactions: 3, values: 2 });
  const presence = new DestinationPresence(
    {
      loadEndpointModes: async (workspaceId) => {
        reads.loads.push(workspaceId);
        if (holdLoads) await new Promise<void>((release) => (pendingLoad = { release }));
        return modes[workspaceId] ?? NONE;
      },
      ask: async (asked) => {
        reads.asks.push(asked.id);
        return true;
      },
    },
    feed,
    2,
  );
  return {
    presence,
    feed,
    reads,
    modes,
    holdLoads: () => (holdLoads = true),
    releaseLoad: () => {
      holdLoads = false;
      pendingLoad?.release();
    },
  };
}

describe('DestinationPresence: no I/O for an event without destinations (issue 14)', () => {
  it('answers from memory once the commit is heard and the deployment was seen created', async () => {
    const { presence, feed, reads } = harness();
    feed.listening();
    presence.learn(created('test'));
    feed.appended('deployment-dep_1', '7');
    expect(await presence.mayHaveDestinations(event('deployment.accepted', '7'))).toBe(false);
    expect(await presence.mayHaveDestinations(event('deployment.completed', '7'))).toBe(false);
    expect(reads).toEqual({ loads: ['ws_1'], asks: [] });
  });

  it.each([
    ['live endpoint, live deployment', { live: true, test: false }, 'live', true],
    ['live endpoint, test deployment', { live: true, test: false }, 'test', false],
    ['test endpoint, test deployment', { live: false, test: true }, 'test', true],
    ['endpoint of both modes, test deployment', { live: true, test: true }, 'test', true],
    ['no endpoint, live deployment', NONE, 'live', false],
  ] as const)('%s', async (_name, modes, mode, expected) => {
    const { presence, feed } = harness({ ws_1: modes });
    feed.listening();
    presence.learn(created(mode));
    feed.appended('deployment-dep_1', '7');
    expect(await presence.mayHaveDestinations(event('deployment.accepted', '7'))).toBe(expected);
  });

  it('says yes for a deployment with a webhook_url without reading the workspace', async () => {
    const { presence, feed, reads } = harness();
    feed.listening();
    presence.learn(created('test', 'https://agent.example/hook'));
    feed.appended('deployment-dep_1', '7');
    expect(await presence.mayHaveDestinations(event('deployment.accepted', '7'))).toBe(true);
    expect(reads).toEqual({ loads: [], asks: [] });
  });

  it('answers a workspace event (not a deployment) by whether any endpoint exists', async () => {
    const { presence, feed } = harness({ ws_2: { live: false, test: true } });
    feed.listening();
    feed.appended('handoff-ho_1', '7');
    expect(await presence.mayHaveDestinations(event('handoff.ready', '7', { stream: 'handoff-ho_1' }))).toBe(false);
    expect(await presence.mayHaveDestinations(event('handoff.ready', '7', { stream: 'handoff-ho_2', workspace: 'ws_2' }))).toBe(true);
  });

  describe('asks PostgreSQL whenever memory could be wrong', () => {
    it('a commit not heard (the event committed before the feed listened, or its notice is still coming)', async () => {
      const { presence, feed, reads } = harness();
      feed.listening();
      presence.learn(created('test'));
      expect(await presence.mayHaveDestinations(event('deployment.accepted', '7'))).toBe(true);
      expect(reads.asks).toEqual(['evt_deployment.accepted_7']);
    });

    it('a feed not listening yet, even for a commit passed on', async () => {
      const { presence, feed, reads } = harness();
      presence.learn(created('test'));
      feed.appended('deployment-dep_1', '7');
      await presence.mayHaveDestinations(event('deployment.accepted', '7'));
      expect(reads.asks).toHaveLength(1);
    });

    it('a feed that was lost: nothing heard before counts, even once it listens again', async () => {
      const { presence, feed, reads } = harness();
      feed.listening();
      presence.learn(created('test'));
      feed.appended('deployment-dep_1', '7');
      feed.lost();
      await presence.mayHaveDestinations(event('deployment.accepted', '7'));
      feed.listening();
      await presence.mayHaveDestinations(event('deployment.accepted', '7'));
      expect(reads.asks).toHaveLength(2);
    });

    it('a deployment not seen created here (another replica, a restart)', async () => {
      const { presence, feed, reads } = harness();
      feed.listening();
      feed.appended('deployment-dep_1', '7');
      await presence.mayHaveDestinations(event('deployment.accepted', '7'));
      expect(reads.asks).toHaveLength(1);
    });

    it('a deployment.created without a known mode (nothing is learnt from it)', async () => {
      const { presence, feed, reads } = harness();
      feed.listening();
      presence.learn(created('staging'));
      feed.appended('deployment-dep_1', '7');
      await presence.mayHaveDestinations(event('deployment.accepted', '7'));
      expect(reads.asks).toHaveLength(1);
    });

    it('a transaction heard so long ago it was forgotten (bounded memory)', async () => {
      const { presence, feed, reads } = harness();
      feed.listening();
      presence.learn(created('test'));
      for (const id of ['7', '8', '9', '10']) feed.appended('deployment-dep_9', id);
      await presence.mayHaveDestinations(event('deployment.accepted', '7'));
      expect(reads.asks).toHaveLength(1);
      expect(await presence.mayHaveDestinations(event('deployment.accepted', '10'))).toBe(false);
      expect(reads.asks).toHaveLength(1);
    });

    it('a deployment so old it was forgotten (bounded memory)', async () => {
      const { presence, feed, reads } = harness();
      feed.listening();
      for (const stream of ['deployment-dep_1', 'deployment-dep_2', 'deployment-dep_3']) presence.learn(created('test', null, stream));
      feed.appended('deployment-dep_1', '7');
      await presence.mayHaveDestinations(event('deployment.accepted', '7'));
      expect(reads.asks).toHaveLength(1);
      await presence.mayHaveDestinations(event('deployment.accepted', '7', { stream: 'deployment-dep_3' }));
      expect(reads.asks).toHaveLength(1);
    });
  });

  describe('an endpoint registered before the event is never missed', () => {
    it('an endpoint change heard drops every remembered workspace', async () => {
      const { presence, feed, reads, modes } = harness();
      feed.listening();
      presence.learn(created('test'));
      feed.appended('deployment-dep_1', '7');
      expect(await presence.mayHaveDestinations(event('deployment.accepted', '7'))).toBe(false);
      modes.ws_1 = { live: false, test: true };
      feed.appended('webhook_endpoint-we_1', '8');
      feed.appended('deployment-dep_1', '9');
      expect(await presence.mayHaveDestinations(event('deployment.completed', '9'))).toBe(true);
      expect(reads.loads).toEqual(['ws_1', 'ws_1']);
    });

    it('an endpoint change heard while the workspace was read: used for that event, not kept', async () => {
      const { presence, feed, reads, modes, holdLoads, releaseLoad } = harness();
      feed.listening();
      presence.learn(created('test'));
      feed.appended('deployment-dep_1', '7');
      holdLoads();
      const answer = presence.mayHaveDestinations(event('deployment.accepted', '7'));
      await Promise.resolve();
      feed.appended('webhook_endpoint-we_1', '8');
      releaseLoad();
      expect(await answer).toBe(false);
      modes.ws_1 = { live: false, test: true };
      feed.appended('deployment-dep_1', '9');
      expect(await presence.mayHaveDestinations(event('deployment.completed', '9'))).toBe(true);
      expect(reads.loads).toEqual(['ws_1', 'ws_1']);
    });

    it('a feed lost while the workspace was read: not kept', async () => {
      const { presence, feed, reads, holdLoads, releaseLoad } = harness();
      feed.listening();
      presence.learn(created('test'));
      feed.appended('deployment-dep_1', '7');
      holdLoads();
      const answer = presence.mayHaveDestinations(event('deployment.accepted', '7'));
      await Promise.resolve();
      feed.lost();
      feed.listening();
      releaseLoad();
      await answer;
      feed.appended('deployment-dep_1', '9');
      await presence.mayHaveDestinations(event('deployment.completed', '9'));
      expect(reads.loads).toEqual(['ws_1', 'ws_1']);
    });

    it('an endpoint change from an older append function (no transaction id) still drops the workspaces', async () => {
      const { presence, feed, reads } = harness();
      feed.listening();
      presence.learn(created('test'));
      feed.appended('deployment-dep_1', '7');
      await presence.mayHaveDestinations(event('deployment.accepted', '7'));
      feed.appended('webhook_endpoint-we_1', undefined);
      feed.appended('deployment-dep_1', '9');
      await presence.mayHaveDestinations(event('deployment.completed', '9'));
      expect(reads.loads).toEqual(['ws_1', 'ws_1']);
    });
  });

  it('remembers a bounded number of workspaces', async () => {
    const { presence, feed, reads } = harness();
    feed.listening();
    feed.appended('handoff-ho_1', '7');
    for (const workspace of ['ws_1', 'ws_2', 'ws_3', 'ws_1']) await presence.mayHaveDestinations(event('handoff.ready', '7', { stream: 'handoff-ho_1', workspace }));
    expect(reads.loads).toEqual(['ws_1', 'ws_2', 'ws_3', 'ws_1']);
  });
});
