import { connectNats } from '@eh/platform';
import { testNamespace, waitUntil } from '@eh/platform/testing';
import type { NatsConnection } from 'nats';
import { OnDemandSubscriptions } from './on-demand-subscriptions';

/** The gateway's live-stream subscriptions exist only while a stream is open, against the loopback NATS. */
describe('OnDemandSubscriptions', () => {
  let nats: NatsConnection;
  let subject: string;
  let received: string[];
  let subscriptions: OnDemandSubscriptions;

  /** Whether the server has any subscriber on the test's subject. */
  const serverInterest = async (): Promise<boolean> => {
    const probe = await connectNats({ name: 'probe' });
    try {
      // A request with no subscriber fails at once with "no responders"; any subscriber makes it time out instead.
      return await probe.request(subject, '', { timeout: 200 }).then(
        () => true,
        (error: Error & { code?: string }) => error.code !== '503',
      );
    } finally {
      await probe.close();
    }
  };

  beforeEach(async () => {
    nats = await connectNats({ name: 'on-demand-test' });
    subject = `${testNamespace()}.events.deployment.dep_1`;
    received = [];
    subscriptions = new OnDemandSubscriptions(nats, [subject], async (message) => void received.push(message.string()), 100);
  });

  afterEach(async () => {
    await subscriptions.close();
    await nats.close();
  });

  it('holds no subscription until a stream asks for one', async () => {
    expect(await serverInterest()).toBe(false);
  });

  it('once hold() resolves, every message published after it arrives, in order', async () => {
    await subscriptions.hold();
    const publisher = await connectNats({ name: 'publisher' });
    for (const body of ['a', 'b', 'c']) publisher.publish(subject, body);
    await publisher.flush();
    await publisher.close();
    await waitUntil(() => received.length === 3, { description: 'three messages' });
    expect(received).toEqual(['a', 'b', 'c']);
  });

  it('released, it lingers, then unsubscribes; held again within the linger, it stays', async () => {
    await subscriptions.hold();
    subscriptions.release();
    await subscriptions.hold();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await serverInterest()).toBe(true);

    subscriptions.release();
    await waitUntil(async () => !(await serverInterest()), { timeoutMs: 3_000, description: 'the subscription gone after the linger' });
  });
});
