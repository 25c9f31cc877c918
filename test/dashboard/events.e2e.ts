import { waitUntil } from '@eh/platform/testing';
import { request } from '../support/http';
import type { RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';
import { EventStreamReader, readRawFrames, type RawFrame } from '../console/support/event-stream';
import { DASHBOARD_ENV, errorOf, workspaceWithOwner, type CreatedWorkspace, type MemberClient } from './support/dashboard-client';

interface EventBody {
  id: string;
  object: 'event';
  type: string;
  sequence: number;
  data: { object: { id: string; status: string } };
  metadata: Record<string, unknown>;
}

type Frame = { id: string; event: string; data: EventBody };

/** The frames with data, with their ids (EventStreamReader keeps event and data only). */
const withData = (frames: RawFrame[]): Frame[] =>
  frames.flatMap(({ id, event, data }) => (data === undefined ? [] : [{ id: id ?? '', event: event ?? '', data: JSON.parse(data) as EventBody }]));

async function readFrames(url: string, headers: Record<string, string>, until: (frames: Frame[]) => boolean, timeoutMs = 15_000) {
  const read = await readRawFrames(url, headers, (frames) => until(withData(frames)), timeoutMs);
  return { status: read.status, frames: withData(read.frames) };
}

/** A deployment's events, and live streams of them, so an agent can follow without polling. */
describe('events of deployments, listed and live', () => {
  let services: RunningServices;
  let workspace: CreatedWorkspace;
  let owner: MemberClient;
  const key = (): string => workspace.keys.test;
  const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown, apiKey = key()) =>
    request<T>(services.baseUrl, method, path, { key: apiKey, body });
  const deploy = async (metadata: Record<string, unknown> = {}): Promise<string> =>
    (await call<{ id: string }>('POST', '/v1/deployments', { brief: 'Write a tagline for a bakery.', skills: ['copywriting'], metadata })).body.id;
  const completed = (id: string) =>
    waitUntil(async () => ((await call<{ status: string }>('GET', `/v1/deployments/${id}`)).body.status === 'completed' ? true : undefined), {
      timeoutMs: 15_000,
      description: 'completion',
    });

  beforeAll(async () => {
    services = await sharedServices(DASHBOARD_ENV);
    ({ workspace, owner } = await workspaceWithOwner(services, 'Events', 'owner@events.example'));
  });
  afterAll(() => services?.stop());

  it('lists a deployment’s public events in order, in the webhook body’s shape, with pages', async () => {
    const id = await deploy({ order: 'A-17' });
    await completed(id);
    const listed = await call<{ data: EventBody[]; next: string | null }>('GET', `/v1/deployments/${id}/events`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((e) => e.type)).toEqual(['deployment.accepted', 'deployment.in_progress', 'deployment.completed']);
    expect(listed.body.data.map((e) => e.data.object.status)).toEqual(['accepted', 'in_progress', 'completed']);
    expect(listed.body.data[0]).toMatchObject({ id: expect.stringMatching(/^evt_/), object: 'event', metadata: { order: 'A-17' } });
    expect(Object.keys(listed.body.data[0])).toEqual(['id', 'object', 'type', 'created_at', 'sequence', 'data', 'metadata']);
    const sequences = listed.body.data.map((e) => e.sequence);
    expect([...sequences].sort((a, b) => a - b)).toEqual(sequences);
    const page = await call<{ data: EventBody[]; next: string | null }>('GET', `/v1/deployments/${id}/events?limit=2`);
    expect(page.body.data).toHaveLength(2);
    const rest = await call<{ data: EventBody[]; next: string | null }>('GET', `/v1/deployments/${id}/events?limit=2&cursor=${page.body.next}`);
    expect(rest.body.data.map((e) => e.type)).toEqual(['deployment.completed']);
    expect(rest.body.next).toBeNull();
  });

  it('refuses another mode’s or workspace’s deployment (404), bad parameters (400) and no key (401)', async () => {
    const id = await deploy();
    expect(errorOf(await call('GET', `/v1/deployments/${id}/events`, undefined, workspace.keys.live))).toMatchObject({ status: 404, param: 'id' });
    expect(errorOf(await call('GET', '/v1/deployments/dep_01JZZZZZZZZZZZZZZZZZZZZZZZ/events'))).toMatchObject({ status: 404 });
    expect(errorOf(await call('GET', `/v1/deployments/${id}/events?limit=0`))).toMatchObject({ status: 400, param: 'limit' });
    expect(errorOf(await call('GET', `/v1/deployments/${id}/events?cursor=zzz`))).toMatchObject({ status: 400, param: 'cursor' });
    expect(errorOf(await call('GET', `/v1/deployments/${id}/events?since=1`))).toMatchObject({ status: 400, param: 'since' });
    expect(errorOf(await request(services.baseUrl, 'GET', `/v1/deployments/${id}/events`))).toMatchObject({ status: 401 });
    expect(errorOf(await request(services.baseUrl, 'GET', `/v1/deployments/${id}/events/stream`, { key: workspace.keys.live }))).toMatchObject({ status: 404 });
    expect(
      errorOf(await request(services.baseUrl, 'GET', `/v1/deployments/${id}/events/stream`, { key: key(), headers: { 'last-event-id': 'x' } })),
    ).toMatchObject({ status: 400, param: 'Last-Event-ID' });
    expect(errorOf(await request(services.baseUrl, 'GET', '/v1/events/stream', { key: key(), headers: { 'last-event-id': 'nope' } }))).toMatchObject({
      status: 400,
      param: 'Last-Event-ID',
    });
    expect(errorOf(await request(services.baseUrl, 'GET', '/v1/events/stream?mode=live', { key: key() }))).toMatchObject({
      status: 400,
      param: 'Service-Mode',
    });
    expect(errorOf(await request(services.baseUrl, 'GET', '/v1/events/stream'))).toMatchObject({ status: 401 });
  });

  it('a deployment’s stream sends its past events, then each new one live; Last-Event-ID resumes after it', async () => {
    const id = await deploy({ test_duration_seconds: 2 });
    const url = `${services.baseUrl}/v1/deployments/${id}/events/stream`;
    const streamed = await readFrames(url, { authorization: `Bearer ${key()}` }, (frames) => frames.some((f) => f.event === 'deployment.completed'));
    expect(streamed.status).toBe(200);
    expect(streamed.frames.map((f) => f.event)).toEqual(['deployment.accepted', 'deployment.in_progress', 'deployment.completed']);
    expect(streamed.frames.map((f) => f.id)).toEqual(streamed.frames.map((f) => String(f.data.sequence)));
    const resumed = await readFrames(url, { authorization: `Bearer ${key()}`, 'last-event-id': streamed.frames[0].id }, (frames) => frames.length >= 2, 3000);
    expect(resumed.frames.map((f) => f.event)).toEqual(['deployment.in_progress', 'deployment.completed']);
  });

  it('the workspace stream brings every event of the mode live, to a key or a member’s session, and resumes from Last-Event-ID', async () => {
    const byKey = await EventStreamReader.open(`${services.baseUrl}/v1/events/stream`, { authorization: `Bearer ${key()}` });
    const byMember = await EventStreamReader.open(`${services.baseUrl}/v1/events/stream?mode=test`, { cookie: `eh_session=${owner.cookie}` });
    const liveOnly = await EventStreamReader.open(`${services.baseUrl}/v1/events/stream`, { authorization: `Bearer ${workspace.keys.live}` });
    expect([byKey.status, byMember.status, byKey.contentType]).toEqual([200, 200, 'text/event-stream; charset=utf-8']);
    await waitUntil(
      () => (byKey.messages.some((m) => m.comment === 'connected') && byMember.messages.some((m) => m.comment === 'connected') ? true : undefined),
      { description: 'streams open' },
    );
    const id = await deploy();
    const done = await byKey.next('deployment.completed', (data) => (data as unknown as EventBody).data.object.id === id, 15_000);
    expect((done.data as EventBody).data.object.status).toBe('completed');
    await byMember.next('deployment.completed', (data) => (data as unknown as EventBody).data.object.id === id, 15_000);
    expect(byKey.events('deployment.accepted').length).toBeGreaterThanOrEqual(1);
    // Live bodies are the ones the events API lists: each the deployment as it was right after its event.
    const liveOfDeployment = byKey.messages.filter((m) => m.event !== null && (m.data as EventBody).data.object.id === id).map((m) => m.data);
    const listedOfDeployment = await call<{ data: EventBody[] }>('GET', `/v1/deployments/${id}/events`);
    expect(liveOfDeployment).toEqual(listedOfDeployment.body.data);
    // Test-mode events never reach a live stream.
    expect(liveOnly.messages.filter((m) => m.event !== null)).toEqual([]);
    byKey.close();
    byMember.close();
    liveOnly.close();

    // Resume: from the start of the store, then after the first event of a deployment (the rest of its events).
    const second = await deploy();
    await completed(second);
    const listed = await call<{ data: EventBody[] }>('GET', `/v1/deployments/${second}/events`);
    const withIds = await readFrames(
      `${services.baseUrl}/v1/events/stream`,
      { authorization: `Bearer ${key()}`, 'last-event-id': '0:0' },
      (frames) => frames.filter((f) => f.data.data.object.id === second).length >= 3,
      10_000,
    );
    const ofSecond = withIds.frames.filter((f) => f.data.data.object.id === second);
    expect(ofSecond.map((f) => f.data.id)).toEqual(listed.body.data.map((e) => e.id));
    const resumed = await readFrames(
      `${services.baseUrl}/v1/events/stream`,
      { authorization: `Bearer ${key()}`, 'last-event-id': ofSecond[0].id },
      (frames) => frames.some((f) => f.data.id === ofSecond[2].data.id),
      10_000,
    );
    expect(resumed.frames.map((f) => f.data.id)).toEqual([ofSecond[1].data.id, ofSecond[2].data.id]);
  });

  it('a member’s stream without a mode is 400; a signed-out session’s stream ends', async () => {
    const noMode = await fetch(`${services.baseUrl}/v1/events/stream`, { headers: { cookie: `eh_session=${owner.cookie}` } });
    expect(noMode.status).toBe(400);
    expect(((await noMode.json()) as { error: { param: string } }).error.param).toBe('Service-Mode');
    const stream = await EventStreamReader.open(`${services.baseUrl}/v1/events/stream?mode=live`, { cookie: `eh_session=${owner.cookie}` });
    expect(stream.status).toBe(200);
    expect((await owner.call('DELETE', '/console/api/v1/session', { mode: null })).status).toBe(204);
    await stream.untilEnded(5000);
  });
});
