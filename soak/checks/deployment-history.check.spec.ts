import type { CreateRecord } from '../load/soak-load';
import { toDeploymentResource } from '@eh/deployments';
import { checkDeploymentHistories, foldDeployments } from './deployment-history.check';
import { OTHER_EXPERT, StoredEvents, completedLive, createdData, WS, cancelledData, offeredData } from './testing/stored-events.fixture';

const create = (op: string, deploymentId: string | null, status = 201): CreateRecord => ({
  op,
  workspaceId: WS,
  mode: 'live',
  plan: 'live:accept:complete',
  status,
  code: null,
  message: null,
  deploymentId,
});

function check(events: StoredEvents, view: Record<string, string> = {}, creates: CreateRecord[] = []) {
  const folded = foldDeployments(events.rows);
  const views = new Map(folded.deployments.map((d) => [d.id, { status: view[d.id] ?? d.state.status, resource: toDeploymentResource(d.state) }]));
  return checkDeploymentHistories(folded, views, creates);
}

describe('deployment histories (soak check)', () => {
  it('passes a legal history whose read model agrees and whose create answered 201', () => {
    const events = new StoredEvents();
    completedLive(events, 'dep_a');
    const result = check(events, {}, [create('op-dep_a', 'dep_a')]);
    expect(result.violations).toEqual([]);
    expect(result.figures).toMatchObject({ deployments: 1, 'live completed': 1 });
  });

  it('finds an event that does not fit, a cancel the agent may not make, an early expiry and a foreign accept', () => {
    const events = new StoredEvents();
    completedLive(events, 'dep_a');
    events.add('deployment-dep_a', 'deployment.cancelled', cancelledData('dep_a', 'operations'));
    events.add('deployment-dep_b', 'deployment.created', createdData('dep_b'));
    events.add('deployment-dep_b', 'deployment.expired', { deployment_id: 'dep_b', reason: 'not_accepted', expired_at: '2026-01-01T10:00:10.000Z' });
    events.add('deployment-dep_c', 'deployment.created', createdData('dep_c'));
    events.add('deployment-dep_c', 'deployment.offered', offeredData('dep_c', OTHER_EXPERT));
    events.add('deployment-dep_c', 'deployment.accepted', {
      deployment_id: 'dep_c',
      expert: { ...OTHER_EXPERT, id: 'spec_someone_else' },
      accepted_at: '2026-01-01T10:00:02.000Z',
    });
    events.add('deployment-dep_c', 'deployment.in_progress', { deployment_id: 'dep_c', started_at: '2026-01-01T10:00:03.000Z' });
    events.add('deployment-dep_c', 'deployment.cancelled', cancelledData('dep_c'));
    const details = check(events).violations.map((v) => `${v.subject}: ${v.detail}`);
    expect(details).toEqual([
      'dep_a: deployment.cancelled: cancelled by the operations from completed',
      'dep_a: deployment.cancelled (revision 5) does not fit state completed',
      'dep_b: deployment.expired: expired (not accepted) at 2026-01-01T10:00:10.000Z, before its SLA 2026-01-01T10:00:25.000Z',
      `dep_c: deployment.accepted: accepted by spec_someone_else, offered to ${OTHER_EXPERT.id}`,
      'dep_c: deployment.cancelled: cancelled by the agent from in_progress',
    ]);
  });

  it('finds a 201 with no deployment, a read model that disagrees, one key creating two, and a refused create that created', () => {
    const events = new StoredEvents();
    completedLive(events, 'dep_a');
    events.add('deployment-dep_b', 'deployment.created', createdData('dep_b', { metadata: { soak_op: 'op-dep_a' } }));
    events.add('deployment-dep_c', 'deployment.created', createdData('dep_c', { metadata: { soak_op: 'op-refused' } }));
    const result = check(events, { dep_a: 'in_progress' }, [create('op-dep_a', 'dep_a'), create('op-lost', 'dep_lost'), create('op-refused', null, 402)]);
    expect(result.violations.map((v) => v.subject)).toEqual(['dep_a', 'op-dep_a', 'dep_lost', 'op-refused']);
  });
});
