import { request, type ErrorBody } from '../support/http';
import { DeploymentHistory, HAND_EXPERT, type HistorySpec } from '../support/deployment-history';
import type { RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';
import { type Workspace, startWithWorkspace } from '../support/workspace';

interface Deployment {
  id: string;
  status: string;
  expert: { id: string } | null;
  cancellation: { cancelled_by: string; reason: string; cancelled_at: string } | null;
  updated_at: string;
}

describe('POST /v1/deployments/:id/cancel over HTTP', () => {
  let services: RunningServices;
  let workspace: Workspace;
  let history: DeploymentHistory;

  const cancel = <T = Deployment>(key: string, id: string, body?: unknown) =>
    request<T>(services.baseUrl, 'POST', `/v1/deployments/${id}/cancel`, { key, body });
  const live = (status: HistorySpec['status']) => history.appendLive(workspace.id, status);
  /** The synthesizer waits for scheduled_for, so this test-mode deployment stays pending. */
  async function pendingTestDeployment(): Promise<string> {
    const scheduledFor = new Date(Date.now() + 30 * 60_000).toISOString();
    const created = await request<Deployment>(services.baseUrl, 'POST', '/v1/deployments', {
      key: workspace.keys.test,
      body: { brief: 'Later, please.', skills: ['copywriting'], urgency: 'scheduled', scheduled_for: scheduledFor },
    });
    expect([created.status, created.body.status]).toEqual([201, 'pending']);
    return created.body.id;
  }

  beforeAll(async () => {
    ({ services, workspace } = await startWithWorkspace(sharedServices({ RATE_LIMIT_PER_MINUTE: '100000' }), 'cancel'));
    history = new DeploymentHistory(services.database.pool);
  });

  afterAll(async () => {
    await history?.close();
    await services?.stop();
  });

  it('cancels a pending deployment with no body: 200, cancelled by the agent, event appended', async () => {
    const id = await pendingTestDeployment();
    const response = await cancel(workspace.keys.test, id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id, status: 'cancelled', cancellation: { cancelled_by: 'agent', reason: '', cancelled_at: expect.any(String) } });
    const read = await request<Deployment>(services.baseUrl, 'GET', `/v1/deployments/${id}`, { key: workspace.keys.test });
    expect(read.body).toEqual(response.body);
    const { rows } = await services.database.pool.query<{ event_type: string }>(
      'SELECT event_type FROM events WHERE stream_name = $1 ORDER BY stream_revision',
      [`deployment-${id}`],
    );
    expect(rows.map((row) => row.event_type)).toEqual(['deployment.created', 'deployment.cancelled']);
  });

  it('takes {} or an optional reason', async () => {
    const empty = await cancel(workspace.keys.test, await pendingTestDeployment(), {});
    expect([empty.status, empty.body.status]).toEqual([200, 'cancelled']);
    // An empty body sent as JSON is "no body" (docs/decisions.md), as clients commonly send it.
    const emptyJson = await request<Deployment>(services.baseUrl, 'POST', `/v1/deployments/${await pendingTestDeployment()}/cancel`, {
      key: workspace.keys.test,
      rawBody: '',
      headers: { 'content-type': 'application/json' },
    });
    expect([emptyJson.status, emptyJson.body.status]).toEqual([200, 'cancelled']);
    const reasoned = await cancel(workspace.keys.test, await pendingTestDeployment(), { reason: 'Handled it ourselves.' });
    expect(reasoned.body.cancellation).toMatchObject({ cancelled_by: 'agent', reason: 'Handled it ourselves.' });
  });

  it('cancels an accepted deployment, keeping its expert', async () => {
    const id = await live('accepted');
    const response = await cancel(workspace.keys.live, id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'cancelled', expert: { id: HAND_EXPERT.id }, cancellation: { cancelled_by: 'agent' } });
  });

  it('refuses once work has started or the deployment ended: 409 deployment_not_cancellable', async () => {
    for (const status of ['in_progress', 'needs_input', 'completed', 'cancelled'] as const) {
      const response = await cancel<ErrorBody>(workspace.keys.live, await live(status));
      expect({ status, http: response.status, code: response.body.error.code }).toEqual({ status, http: 409, code: 'deployment_not_cancellable' });
      expect(response.body.error.message).toContain(status);
    }
  });

  it("answers 404 for unknown ids, another workspace's and the other mode's deployments", async () => {
    const other = await services.ops<Workspace>('workspace:create', '--name', 'cancel-other');
    const id = await live('pending');
    const cases: [string, string][] = [
      [workspace.keys.live, 'dep_01JD0000000000000000000000'],
      [workspace.keys.live, 'not-an-id'],
      [other.keys.live, id],
      [workspace.keys.test, id],
    ];
    for (const [key, target] of cases) {
      const response = await cancel<ErrorBody>(key, target);
      expect([response.status, response.body.error.code]).toEqual([404, 'not_found']);
    }
    const still = await request<Deployment>(services.baseUrl, 'GET', `/v1/deployments/${id}`, { key: workspace.keys.live });
    expect(still.body.status).toBe('pending');
  });

  it('refuses a body other than an optional reason of at most 500 characters', async () => {
    const id = await live('pending');
    const cases: [unknown, string | undefined][] = [
      [{ why: 'x' }, 'why'],
      [{ reason: 'x'.repeat(501) }, 'reason'],
      [{ reason: 42 }, 'reason'],
      [['reason'], undefined],
    ];
    for (const [body, param] of cases) {
      const response = await cancel<ErrorBody>(workspace.keys.live, id, body);
      expect([response.status, response.body.error.code, response.body.error.param]).toEqual([400, 'invalid_request', param]);
    }
    const atLimit = await cancel(workspace.keys.live, id, { reason: 'x'.repeat(500) });
    expect([atLimit.status, atLimit.body.cancellation?.reason.length]).toEqual([200, 500]);
  });
});
