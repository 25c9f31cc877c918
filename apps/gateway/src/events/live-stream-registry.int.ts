import { connectNats } from '@eh/platform';
import { testNamespace, waitUntil } from '@eh/platform/testing';
import type { RecordedEvent } from '@eh/event-store';
import type { NatsConnection } from 'nats';
import { LiveStreamRegistry, type LiveStreamClient } from './live-stream-registry';

interface TestClient extends LiveStreamClient {
  name: string;
  closed: boolean;
}

/** The gateway's open live streams by owner, fed from NATS while any is open, against the loopback server. */
describe('LiveStreamRegistry', () => {
  let nats: NatsConnection;
  let subject: string;
  let dispatched: string[];
  let warnings: string[];
  let registry: LiveStreamRegistry<TestClient>;

  const event = (id: string): Partial<RecordedEvent> => ({ id, type: 'deployment.accepted', streamName: 'deployment-dep_1' });
  const client = (name: string, sessionTokenSha256: string | null): TestClient => {
    const made: TestClient = { name, sessionTokenSha256, closed: false, close: () => void (made.closed = true) };
    return made;
  };

  beforeEach(async () => {
    nats = await connectNats({ name: 'registry-test' });
    subject = `${testNamespace()}.events.deployment.dep_1`;
    dispatched = [];
    warnings = [];
    registry = new LiveStreamRegistry<TestClient>(
      nats,
      [subject],
      async (recorded) => {
        if (recorded.id === 'evt_bad') throw new Error('cannot render');
        dispatched.push(recorded.id);
      },
      { warn: (line: string) => void warnings.push(line) },
    );
  });

  afterEach(async () => {
    await registry.closeAll();
    await nats.close();
  });

  it('groups streams by owner; a disconnected one leaves its group', async () => {
    const disconnectA = await registry.connect('ws_1', client('a', null));
    await registry.connect('ws_1', client('b', null));
    await registry.connect('ws_2', client('c', null));
    expect(registry.clientsOf('ws_1').map((c) => c.name)).toEqual(['a', 'b']);
    expect(registry.size).toBe(3);
    disconnectA();
    disconnectA();
    expect(registry.clientsOf('ws_1').map((c) => c.name)).toEqual(['b']);
    expect(registry.clientsOf('ws_3')).toEqual([]);
  });

  it('passes events on while a stream is open; one that fails is logged and the next still goes', async () => {
    await registry.connect('ws_1', client('a', null));
    for (const id of ['evt_1', 'evt_bad', 'evt_2']) nats.publish(subject, JSON.stringify(event(id)));
    await waitUntil(() => dispatched.length === 2, { description: 'two events dispatched' });
    expect(dispatched).toEqual(['evt_1', 'evt_2']);
    expect(warnings).toEqual([expect.stringContaining('cannot render')]);
  });

  it('passes on each event of a bundle in order, past one that fails; a message that is no event is logged', async () => {
    await registry.connect('ws_1', client('a', null));
    nats.publish(subject, JSON.stringify({ not: 'an event' }));
    nats.publish(subject, JSON.stringify(['evt_1', 'evt_bad', 'evt_2', 'evt_3'].map(event)));
    await waitUntil(() => dispatched.length === 3, { description: 'three events dispatched' });
    expect(dispatched).toEqual(['evt_1', 'evt_2', 'evt_3']);
    expect(warnings).toEqual([expect.stringContaining('not read'), expect.stringContaining('evt_bad')]);
  });

  it('a sign-out closes the streams of that session only; closeAll closes the rest', async () => {
    const signedOut = client('a', 'sha_1');
    const other = client('b', 'sha_2');
    const bearer = client('c', null);
    await registry.connect('exp_1', signedOut);
    await registry.connect('exp_1', other);
    await registry.connect('exp_2', bearer);
    registry.closeSession('sha_1');
    expect([signedOut.closed, other.closed, bearer.closed]).toEqual([true, false, false]);
    await registry.closeAll();
    expect([other.closed, bearer.closed]).toEqual([true, true]);
  });
});
