import { waitUntil } from '@eh/platform/testing';
import { request } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { EventStreamReader, readRawFrames, type RawFrame } from '../console/support/event-stream';
import { ADMIN_HEADERS, DASHBOARD_ENV, workspaceWithOwner, type CreatedWorkspace } from './support/dashboard-client';

/** A stream's answer: open (kept, to close later), or refused with its status, Retry-After and error. */
interface Attempt {
  status: number;
  retryAfter: string | null;
  error: { code: string; message: string } | null;
  stream: EventStreamReader | null;
}

/** What one replay from `Last-Event-ID` sent before it ended or `until` held: frames (id, event) and whether the server ended it. */
async function replay(url: string, headers: Record<string, string>, until: (frames: { id: string; event: string }[]) => boolean, timeoutMs: number) {
  const withIds = (frames: RawFrame[]) => frames.flatMap(({ id, event }) => (id === undefined ? [] : [{ id, event: event ?? '' }]));
  const read = await readRawFrames(url, headers, (frames) => until(withIds(frames)), timeoutMs);
  return { ...read, frames: withIds(read.frames) };
}

/**
 * What one caller can make the shared servers do through event streams and endpoint tests: open
 * streams are bounded per key, per workspace and per expert; a replay reads the caller's own
 * events only, stops with its client and is paid for with rate-limit permits; an endpoint is sent
 * a few test events a minute.
 */
describe('cost bounds of event streams and endpoint tests', () => {
  let services: RunningServices;
  let alpha: CreatedWorkspace;
  let other: CreatedWorkspace;
  const open: EventStreamReader[] = [];

  const attempt = async (path: string, headers: Record<string, string>): Promise<Attempt> => {
    const response = await fetch(`${services.baseUrl}${path}`, { headers: { accept: 'text/event-stream', ...headers } });
    if (response.status !== 200) {
      const body = (await response.json()) as { error: { code: string; message: string } };
      return { status: response.status, retryAfter: response.headers.get('retry-after'), error: body.error, stream: null };
    }
    await response.body?.cancel();
    return { status: 200, retryAfter: null, error: null, stream: null };
  };
  const stream = async (path: string, headers: Record<string, string>): Promise<EventStreamReader> => {
    const reader = await EventStreamReader.open(`${services.baseUrl}${path}`, headers);
    open.push(reader);
    expect(reader.status).toBe(200);
    await waitUntil(() => (reader.messages.some((m) => m.comment === 'connected') ? true : undefined), { description: 'stream connected' });
    return reader;
  };
  /** Opens a stream once a slot just given back (asynchronously, as its client left) is free again. */
  const streamOnceFree = async (path: string, headers: Record<string, string>): Promise<EventStreamReader> => {
    const reader = await waitUntil(
      async () => {
        const candidate = await EventStreamReader.open(`${services.baseUrl}${path}`, headers);
        if (candidate.status === 200) return candidate;
        candidate.close();
        return undefined;
      },
      { timeoutMs: 5_000, description: 'a free slot' },
    );
    open.push(reader);
    return reader;
  };
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const metric = async (name: string): Promise<number> => {
    const text = await (await fetch(`${services.healthUrlOf('gateway')}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
    return line ? Number(line.split(' ').pop()) : Number.NaN;
  };

  beforeAll(async () => {
    services = await startServices(
      {
        ...DASHBOARD_ENV,
        RATE_LIMIT_PER_MINUTE: '1000',
        RATE_LIMIT_LEASE_MS: '0',
        EVENT_STREAMS_PER_KEY: '2',
        EVENT_STREAMS_PER_WORKSPACE: '3',
        EXPERT_EVENT_STREAMS_PER_EXPERT: '1',
        WEBHOOK_ENDPOINT_TESTS_PER_MINUTE: '2',
        EVENT_STREAM_REPLAY_MAX_EVENTS: '2000',
        EVENT_STREAM_REPLAY_EVENTS_PER_PERMIT: '10',
      },
      { healthPorts: true },
    );
    ({ workspace: alpha } = await workspaceWithOwner(services, 'Alpha', 'owner@alpha.example'));
    ({ workspace: other } = await workspaceWithOwner(services, 'Other', 'owner@other.example'));
  });
  afterAll(async () => {
    for (const reader of open) reader.close();
    await services?.stop();
  });

  it('bounds open streams per key (429 with Retry-After, in the API’s shape); closing one frees its slot', async () => {
    const first = await stream('/v1/events/stream', bearer(alpha.keys.test));
    await stream('/v1/events/stream', bearer(alpha.keys.test));
    const refused = await attempt('/v1/events/stream', bearer(alpha.keys.test));
    expect(refused).toMatchObject({
      status: 429,
      retryAfter: '1',
      error: { code: 'rate_limited', message: expect.stringContaining('this API key has 2 event streams open') },
    });
    first.close();
    await waitUntil(async () => ((await attempt('/v1/events/stream', bearer(alpha.keys.test))).status === 200 ? true : undefined), {
      timeoutMs: 5_000,
      description: 'a slot freed',
    });
  });

  it('bounds open streams per workspace across its keys; another workspace is not affected', async () => {
    // Alpha's test key holds one stream (the probe above closed): a second fills it, the live key takes the third.
    await streamOnceFree('/v1/events/stream', bearer(alpha.keys.test));
    await stream('/v1/events/stream', bearer(alpha.keys.live));
    const refused = await attempt('/v1/events/stream', bearer(alpha.keys.live));
    expect(refused).toMatchObject({
      status: 429,
      retryAfter: '1',
      error: { code: 'rate_limited', message: expect.stringContaining('this workspace has 3 event streams open') },
    });
    await stream('/v1/events/stream', bearer(other.keys.live));
  });

  it('bounds the expert console’s streams per expert', async () => {
    const addExpert = async (name: string) =>
      (
        await request<{ credential: string }>(services.baseUrl, 'POST', '/admin/v1/experts', {
          headers: ADMIN_HEADERS,
          body: { name, role: 'Copywriter', skills: ['bounds'], tenure_years: 5, median_turnaround_minutes: 30, rate_credits_per_hour: 90 },
        })
      ).body;
    const expert = await addExpert('Ada Bound');
    await stream('/expert/v1/events', bearer(expert.credential));
    const refused = await attempt('/expert/v1/events', bearer(expert.credential));
    expect(refused).toMatchObject({
      status: 429,
      retryAfter: '1',
      error: { code: 'rate_limited', message: expect.stringContaining('this expert has 1 event streams open') },
    });
    const second = await addExpert('Bo Bound');
    await stream('/expert/v1/events', bearer(second.credential));
  });

  it('sends an endpoint at most WEBHOOK_ENDPOINT_TESTS_PER_MINUTE test events a minute; another endpoint has its own', async () => {
    const create = async () =>
      (await request<{ id: string }>(services.baseUrl, 'POST', '/v1/webhook_endpoints', { key: other.keys.test, body: { url: 'http://127.0.0.1:9/hook' } }))
        .body.id;
    const [first, second] = [await create(), await create()];
    const test = (id: string) =>
      request<{ error: { code: string; message: string } }>(services.baseUrl, 'POST', `/v1/webhook_endpoints/${id}/test`, { key: other.keys.test });
    expect((await test(first)).status).toBe(201);
    expect((await test(first)).status).toBe(201);
    const refused = await test(first);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.error).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('this endpoint was sent 2 test events') });
    expect((await test(second)).status).toBe(201);
    // An id that is not the caller's is a 404, and takes nothing from that endpoint's budget.
    expect((await request(services.baseUrl, 'POST', `/v1/webhook_endpoints/${second}/test`, { key: alpha.keys.test })).status).toBe(404);
    expect((await test(second)).status).toBe(201);
  });

  describe('replays from Last-Event-ID', () => {
    let replayer: CreatedWorkspace;
    let crowd: CreatedWorkspace;
    /** Stores `copies` copies of a completed deployment's stream as `workspaceId`'s (the relay is stopped: nothing reacts to them). */
    const copyStream = (streamName: string, workspaceId: string, copies: number, tag: string) =>
      services.database.pool.query(
        `INSERT INTO events (event_id, stream_name, stream_revision, event_type, data, metadata)
         SELECT e.event_id || '_${tag}' || n, e.stream_name || '_${tag}' || n, e.stream_revision, e.event_type, e.data,
                jsonb_set(e.metadata, '{workspace_id}', to_jsonb($2::text))
           FROM events e, generate_series(1, $3::int) AS n
          WHERE e.stream_name = $1
          ORDER BY n, e.stream_revision`,
        [streamName, workspaceId, copies],
      );

    let deploymentStream: string;
    beforeAll(async () => {
      ({ workspace: replayer } = await workspaceWithOwner(services, 'Replayer', 'owner@replayer.example'));
      ({ workspace: crowd } = await workspaceWithOwner(services, 'Crowd', 'owner@crowd.example'));
      const created = await request<{ id: string }>(services.baseUrl, 'POST', '/v1/deployments', {
        key: replayer.keys.test,
        body: { brief: 'Write a tagline for a bakery.', skills: ['copywriting'] },
      });
      expect(created.status).toBe(201);
      await waitUntil(
        async () =>
          (await request<{ status: string }>(services.baseUrl, 'GET', `/v1/deployments/${created.body.id}`, { key: replayer.keys.test })).body.status ===
          'completed'
            ? true
            : undefined,
        {
          timeoutMs: 20_000,
          description: 'completion',
        },
      );
      deploymentStream = `deployment-${created.body.id}`;
      await services.kill('relay');
      // Another tenant's 5,000 events (1,250 deployments) in the shared store.
      await copyStream(deploymentStream, crowd.id, 1_250, 'crowd');
      await services.database.pool.query('ANALYZE events');
    });

    it('reads only the caller’s own events: one page for three, whatever another workspace stored', async () => {
      const before = await metric('eh_event_stream_replay_pages_total');
      const result = await replay(
        `${services.baseUrl}/v1/events/stream`,
        { ...bearer(replayer.keys.test), 'last-event-id': '0:0' },
        (frames) => frames.length >= 3,
        10_000,
      );
      expect(result.status).toBe(200);
      expect(result.frames.map((f) => f.event)).toEqual(['deployment.accepted', 'deployment.in_progress', 'deployment.completed']);
      expect((await metric('eh_event_stream_replay_pages_total')) - before).toBe(1);
    });

    it('stops reading pages once the client has gone', async () => {
      // 3,000 public events of the caller's own: 30 pages, if it read them all.
      await copyStream(deploymentStream, replayer.id, 1_000, 'own');
      const before = await metric('eh_event_stream_replay_pages_total');
      const result = await replay(
        `${services.baseUrl}/v1/events/stream`,
        { ...bearer(replayer.keys.test), 'last-event-id': '0:0' },
        (frames) => frames.length >= 5,
        10_000,
      );
      expect(result.frames.length).toBeGreaterThanOrEqual(5);
      let settled = await metric('eh_event_stream_replay_pages_total');
      await waitUntil(
        async () => {
          const now = await metric('eh_event_stream_replay_pages_total');
          const still = now === settled;
          settled = now;
          return still ? true : undefined;
        },
        { timeoutMs: 10_000, intervalMs: 1_000, description: 'no more pages read' },
      );
      expect(settled - before).toBeLessThan(10);
    });

    it('reads at most EVENT_STREAM_REPLAY_MAX_EVENTS per request, paid with the key’s permits; the reconnect continues from the id it was sent', async () => {
      // The live key: every one of the workspace's 3,003 public events is test mode, so none is sent, and all are read.
      const first = await replay(`${services.baseUrl}/v1/events/stream`, { ...bearer(replayer.keys.live), 'last-event-id': '0:0' }, () => false, 20_000);
      expect(first.status).toBe(200);
      expect(first.ended).toBe(true);
      expect(first.frames.map((f) => f.event)).toEqual(['']);
      // 2,000 rows at 10 a permit, beside the request itself and this one.
      const spent = await request(services.baseUrl, 'GET', '/v1/deployments', { key: replayer.keys.live });
      expect(Number(spent.headers.get('x-ratelimit-remaining'))).toBeLessThanOrEqual(1000 - 2 - 200);
      const rest = await replay(
        `${services.baseUrl}/v1/events/stream`,
        { ...bearer(replayer.keys.live), 'last-event-id': first.frames[0].id },
        () => false,
        3_000,
      );
      // The rest fits: it goes live and stays open until the client leaves.
      expect([rest.status, rest.ended, rest.frames]).toEqual([200, false, []]);
    });
  });
});
