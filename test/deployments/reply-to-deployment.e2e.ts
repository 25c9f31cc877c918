import { request, type ErrorBody } from '../support/http';
import { DeploymentHistory, type HistorySpec } from '../support/deployment-history';
import type { RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';
import { type Workspace, startWithWorkspace } from '../support/workspace';

interface Deployment {
  id: string;
  status: string;
  question: { body: string; asked_at: string; reply_deadline: string } | null;
  reply: { body: string; replied_at: string } | null;
}

describe('POST /v1/deployments/:id/reply over HTTP', () => {
  let services: RunningServices;
  let workspace: Workspace;
  let history: DeploymentHistory;

  const reply = <T = Deployment>(key: string, id: string, body: unknown) => request<T>(services.baseUrl, 'POST', `/v1/deployments/${id}/reply`, { key, body });
  const live = (status: HistorySpec['status']) => history.appendLive(workspace.id, status);

  beforeAll(async () => {
    ({ services, workspace } = await startWithWorkspace(sharedServices({ RATE_LIMIT_PER_MINUTE: '100000' }), 'reply'));
    history = new DeploymentHistory(services.database.pool);
  });

  afterAll(async () => {
    await history?.close();
    await services?.stop();
  });

  it('answers the question in needs_input: 200, back in_progress with question and reply', async () => {
    const id = await live('needs_input');
    const response = await reply(workspace.keys.live, id, {
      body: 'Start with **small bakeries**.',
      context_files: ['https://files.example.com/brief.pdf?sig=abc'],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id,
      status: 'in_progress',
      question: { body: 'Which audience first?', asked_at: expect.any(String), reply_deadline: expect.any(String) },
      reply: { body: 'Start with **small bakeries**.', replied_at: expect.any(String) },
    });
    const read = await request<Deployment>(services.baseUrl, 'GET', `/v1/deployments/${id}`, { key: workspace.keys.live });
    expect(read.body).toEqual(response.body);
    const { rows } = await services.database.pool.query<{ event_type: string; data: { context_files: string[] } }>(
      'SELECT event_type, data FROM events WHERE stream_name = $1 ORDER BY stream_revision DESC LIMIT 1',
      [`deployment-${id}`],
    );
    expect(rows[0]).toMatchObject({ event_type: 'deployment.reply_received', data: { context_files: ['https://files.example.com/brief.pdf?sig=abc'] } });

    const again = await reply<ErrorBody>(workspace.keys.live, id, { body: 'One more thing.' });
    expect([again.status, again.body.error.code]).toEqual([409, 'deployment_not_awaiting_input']);
  });

  it('refuses a reply outside needs_input: 409 deployment_not_awaiting_input', async () => {
    for (const status of ['pending', 'accepted', 'in_progress', 'completed', 'cancelled'] as const) {
      const response = await reply<ErrorBody>(workspace.keys.live, await live(status), { body: 'Hello?' });
      expect({ status, http: response.status, code: response.body.error.code }).toEqual({ status, http: 409, code: 'deployment_not_awaiting_input' });
    }
  });

  it("answers 404 for unknown ids and another workspace's deployment", async () => {
    const other = await services.ops<Workspace>('workspace:create', '--name', 'reply-other');
    const id = await live('needs_input');
    for (const [key, target] of [
      [workspace.keys.live, 'dep_01JD0000000000000000000000'],
      [other.keys.live, id],
      [workspace.keys.test, id],
    ]) {
      const response = await reply<ErrorBody>(key, target, { body: 'Hi.' });
      expect([response.status, response.body.error.code]).toEqual([404, 'not_found']);
    }
  });

  it('validates the body, naming the field', async () => {
    const id = await live('needs_input');
    const cases: [unknown, string][] = [
      [{}, 'body'],
      [{ body: '' }, 'body'],
      [{ body: 'x'.repeat(20_001) }, 'body'],
      [{ body: 'ok', context_files: ['http://insecure.example.com/a.pdf'] }, 'context_files'],
      [{ body: 'ok', context_files: Array.from({ length: 21 }, (_, index) => `https://files.example.com/${index}.pdf`) }, 'context_files'],
      [{ body: 'ok', attachments: [] }, 'attachments'],
    ];
    for (const [body, param] of cases) {
      const response = await reply<ErrorBody>(workspace.keys.live, id, body);
      expect({ param, status: response.status, got: response.body.error.param }).toEqual({ param, status: 400, got: param });
    }
    const noBody = await reply<ErrorBody>(workspace.keys.live, id, undefined);
    expect(noBody.status).toBe(400);
    const still = await request<Deployment>(services.baseUrl, 'GET', `/v1/deployments/${id}`, { key: workspace.keys.live });
    expect(still.body.status).toBe('needs_input');
  });
});
