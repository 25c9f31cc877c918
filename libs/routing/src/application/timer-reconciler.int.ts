/**
 * The reconciler's per-deployment sync against the real Redis (a prefix of its own, removed
 * after). A finished deployment has its timer jobs removed without reading the view.
 */
import type { SqlClient } from '@eh/platform';
import { timerQueuePerTest } from '../adapters/timer-queue.fixtures';
import { TimerReconciler } from './timer-reconciler';
import { deploymentDecider, type DeploymentState } from '@eh/deployments';
import type { DeploymentEvent } from '@eh/contracts';
import { plainDeploymentData } from '@eh/contracts/testing';

const DEPLOYMENT = 'dep_01JD0000000000000000000001';

describe('TimerReconciler.syncDeployment', () => {
  const env = timerQueuePerTest('timer-reconciler-test');
  const queries: string[] = [];
  const noView = { query: async (text: string) => (queries.push(text), Promise.reject(new Error('the view was read'))) } as unknown as SqlClient;

  beforeEach(() => {
    queries.length = 0;
  });

  it('removes a finished deployment’s timers without reading the view', async () => {
    const due = new Date(Date.now() + 60_000);
    await env.queue.schedule(
      [
        { jobId: `sla-${DEPLOYMENT}`, deploymentId: DEPLOYMENT, workspaceId: 'ws_1', kind: 'sla', dueAt: due, offerNumber: null },
        { jobId: `reply-${DEPLOYMENT}`, deploymentId: DEPLOYMENT, workspaceId: 'ws_1', kind: 'reply', dueAt: due, offerNumber: null },
      ],
      new Date(),
    );
    const reconciler = new TimerReconciler(noView, env.queue, { reconcileSeconds: 30 });
    await reconciler.syncDeployment(DEPLOYMENT, { finished: true });
    expect(queries).toEqual([]);
    expect(await env.queue.pendingJobIds()).toEqual([]);
  });

  it('schedules the timers a fold implies, and removes the rest, without reading the view', async () => {
    const due = new Date(Date.now() + 60_000);
    await env.queue.schedule(
      [{ jobId: `reply-${DEPLOYMENT}`, deploymentId: DEPLOYMENT, workspaceId: 'ws_1', kind: 'reply', dueAt: due, offerNumber: null }],
      new Date(),
    );
    const pending = pendingWithOffer(due.toISOString());
    const reconciler = new TimerReconciler(noView, env.queue, { reconcileSeconds: 30 });
    await reconciler.syncDeployment(DEPLOYMENT, { state: pending });
    expect(queries).toEqual([]);
    expect((await env.queue.pendingJobIds()).sort()).toEqual([`offer-${DEPLOYMENT}-1`, `sla-${DEPLOYMENT}`]);
  });

  it('reads the view for a deployment not known to be finished', async () => {
    const reconciler = new TimerReconciler(noView, env.queue, { reconcileSeconds: 30 });
    await expect(reconciler.syncDeployment(DEPLOYMENT)).rejects.toThrow('the view was read');
    expect(queries).toHaveLength(1);
  });
});

/** A live deployment whose first offer is open; the match SLA and the offer are both due at `due`. */
function pendingWithOffer(due: string): DeploymentState {
  const at = new Date().toISOString();
  const events = [
    {
      type: 'deployment.created',
      data: plainDeploymentData({
        deployment_id: DEPLOYMENT,
        workspace_id: 'ws_1',
        mode: 'live',
        brief: 'b',
        skills: ['naming'],
        sla_deadline: due,
        credits_reserved: 10,
        created_at: at,
      }),
    },
    { type: 'deployment.offered', data: { offer_number: 1, expert: { id: 'exp_1', name: 'E', role: 'writer' }, offered_at: at, offer_expires_at: due } },
  ] as unknown as DeploymentEvent[];
  return events.reduce(deploymentDecider.evolve, deploymentDecider.initialState);
}
