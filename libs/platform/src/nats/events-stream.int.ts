import { nanos, StorageType, type JetStreamManager, type NatsConnection } from 'nats';
import { testNamespace } from '../testing/test-namespace';
import { connectNats } from './connect-nats';
import { DEFAULT_EVENTS_MAX_AGE_MS, deleteStreamIfExists, ensureEventsStream } from './events-stream';

describe('ensureEventsStream', () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let streamName: string;
  let subjectPrefix: string;

  beforeEach(async () => {
    const ns = testNamespace();
    streamName = `EVENTS_${ns}`;
    subjectPrefix = `${ns}.events`;
    nc = await connectNats();
    jsm = await nc.jetstreamManager();
  });
  afterEach(async () => {
    await deleteStreamIfExists(jsm, streamName);
    await nc.close();
  });

  it('creates a file stream on <prefix>.> with the duplicate window, and updates it when run again', async () => {
    const created = await ensureEventsStream(jsm, { streamName, subjectPrefix, duplicateWindowMs: 60_000 });
    expect(created.config).toMatchObject({
      name: streamName,
      subjects: [`${subjectPrefix}.>`],
      storage: StorageType.File,
      duplicate_window: nanos(60_000),
    });
    const updated = await ensureEventsStream(jsm, { streamName, subjectPrefix, duplicateWindowMs: 120_000 });
    expect(updated.config.duplicate_window).toBe(nanos(120_000));
  });

  it('bounds retention: 7 days by default, and an existing stream that kept everything is bounded on the next start', async () => {
    expect((await ensureEventsStream(jsm, { streamName, subjectPrefix })).config.max_age).toBe(nanos(DEFAULT_EVENTS_MAX_AGE_MS));
    await deleteStreamIfExists(jsm, streamName);
    // The stream as services made it before No age limit.
    await jsm.streams.add({ name: streamName, subjects: [`${subjectPrefix}.>`], storage: StorageType.File, duplicate_window: nanos(60_000) });
    expect((await jsm.streams.info(streamName)).config.max_age).toBe(0);
    const updated = await ensureEventsStream(jsm, { streamName, subjectPrefix, maxAgeMs: 3 * 60 * 60 * 1000 });
    expect(updated.config.max_age).toBe(nanos(3 * 60 * 60 * 1000));
    expect((await jsm.streams.info(streamName)).config.max_age).toBe(nanos(3 * 60 * 60 * 1000));
  });

  it('drops a re-published message with the same Nats-Msg-Id inside the window', async () => {
    await ensureEventsStream(jsm, { streamName, subjectPrefix });
    const js = nc.jetstream();
    const first = await js.publish(`${subjectPrefix}.deployment.dep_1`, 'x', { msgID: 'evt_1' });
    const again = await js.publish(`${subjectPrefix}.deployment.dep_1`, 'x', { msgID: 'evt_1' });
    expect(first.duplicate).toBe(false);
    expect(again).toMatchObject({ duplicate: true, seq: first.seq });
    expect((await jsm.streams.info(streamName)).state.messages).toBe(1);
  });

  it('deleteStreamIfExists ignores a missing stream', async () => {
    await expect(deleteStreamIfExists(jsm, `MISSING_${testNamespace()}`)).resolves.toBeUndefined();
  });
});
