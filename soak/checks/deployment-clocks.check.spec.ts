import { checkDeploymentClocks } from './deployment-clocks.check';
import { foldDeployments } from './deployment-history.check';
import { EXPERT, StoredEvents, createdData, offeredData } from './testing/stored-events.fixture';

describe('deployment clocks (soak check)', () => {
  it('finds a deployment pending past its SLA with an offer past its end; a later deadline is no violation', () => {
    const events = new StoredEvents();
    events.add('deployment-dep_a', 'deployment.created', createdData('dep_a'));
    events.add('deployment-dep_a', 'deployment.offered', offeredData('dep_a'));
    events.add('deployment-dep_b', 'deployment.created', createdData('dep_b', { sla_deadline: '2026-01-01T11:00:00.000Z' }));
    const { deployments } = foldDeployments(events.rows);
    const result = checkDeploymentClocks(deployments, Date.parse('2026-01-01T10:01:00.000Z'), 10_000);
    expect(result.violations.map((v) => v.detail)).toEqual([
      'still pending, SLA ended 2026-01-01T10:00:25.000Z',
      `offer 1 to ${EXPERT.id} still open, it ended 2026-01-01T10:00:07.000Z`,
    ]);
    expect(result.figures).toEqual({ 'deployments still active': 2 });
  });
});
