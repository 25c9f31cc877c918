import { randomUUID } from 'node:crypto';
import { ErrorCode, NatsError, type NatsConnection } from 'nats';
import { connectNats } from './connect-nats';

/** The requests a connection is still waiting on (nats.js's muxed request table). */
const pendingRequests = (nc: NatsConnection): number =>
  (nc as unknown as { protocol: { muxSubscriptions: { size(): number } } }).protocol.muxSubscriptions.size();

describe('requests on a connection from connectNats', () => {
  const subject = `test.settled-request.${randomUUID()}`;
  let nc: NatsConnection;
  let errorsBuilt: number;
  const errorForCode = NatsError.errorForCode.bind(NatsError);

  beforeAll(async () => {
    nc = await connectNats();
    nc.subscribe(`${subject}.echo`, { callback: (_err, msg) => msg.respond(msg.data) });
    await nc.flush();
  });

  beforeEach(() => {
    errorsBuilt = 0;
    jest.spyOn(NatsError, 'errorForCode').mockImplementation((code, chained) => {
      errorsBuilt += 1;
      return errorForCode(code, chained);
    });
  });

  afterEach(() => jest.restoreAllMocks());
  afterAll(() => nc.close());

  it('answered, resolve with the answer and build no error', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => nc.request(`${subject}.echo`, new TextEncoder().encode(`ping ${index}`), { timeout: 5_000 })),
    );
    expect(answers.map((answer) => new TextDecoder().decode(answer.data))).toEqual(Array.from({ length: 20 }, (_, index) => `ping ${index}`));
    expect(errorsBuilt).toBe(0);
    expect(pendingRequests(nc)).toBe(0);
  });

  it('unanswered, still fail as nats.js makes them fail: no responders at once, a silent responder at the timeout', async () => {
    await expect(nc.request(`${subject}.nobody`, undefined, { timeout: 5_000 })).rejects.toMatchObject({ code: ErrorCode.NoResponders });
    nc.subscribe(`${subject}.silent`, { callback: () => undefined });
    await nc.flush();
    await expect(nc.request(`${subject}.silent`, undefined, { timeout: 50 })).rejects.toMatchObject({ code: ErrorCode.Timeout });
    expect(pendingRequests(nc)).toBe(0);
  });
});
