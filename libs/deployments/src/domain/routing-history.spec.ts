import { routingHistoryOf } from './routing-history';

const event = (type: string, data: Record<string, unknown>, occurred_at = '2026-12-01T10:00:00.000Z') => ({ type, data, occurred_at });

describe('routingHistoryOf', () => {
  it('lists offers, a decline with its reason, a timeout and the next offer, in order, naming no expert', () => {
    const steps = routingHistoryOf([
      event('deployment.created', { deployment_id: 'dep_1' }),
      event('deployment.routing_started', { deployment_id: 'dep_1', started_at: '2026-12-01T10:00:00.000Z' }),
      event('deployment.offered', {
        deployment_id: 'dep_1',
        offer_number: 1,
        expert: { id: 'spec_a', name: 'Ada', role: 'x' },
        offered_at: '2026-12-01T10:00:01.000Z',
        offer_expires_at: '2026-12-01T10:05:01.000Z',
      }),
      event('deployment.offer_declined', {
        deployment_id: 'dep_1',
        offer_number: 1,
        expert_id: 'spec_a',
        reason: 'Booked',
        declined_at: '2026-12-01T10:01:00.000Z',
      }),
      event('deployment.offered', {
        deployment_id: 'dep_1',
        offer_number: 2,
        expert: { id: 'spec_b', name: 'Bo', role: 'x' },
        offered_at: '2026-12-01T10:01:01.000Z',
        offer_expires_at: '2026-12-01T10:06:01.000Z',
      }),
      event('deployment.offer_expired', { deployment_id: 'dep_1', offer_number: 2, expert_id: 'spec_b', expired_at: '2026-12-01T10:06:01.000Z' }),
      event('deployment.accepted', { deployment_id: 'dep_1' }, '2026-12-01T10:07:00.000Z'),
    ]);
    expect(steps).toEqual([
      { kind: 'routing_started', at: '2026-12-01T10:00:00.000Z' },
      { kind: 'offered', offer_number: 1, at: '2026-12-01T10:00:01.000Z', expires_at: '2026-12-01T10:05:01.000Z' },
      { kind: 'declined', offer_number: 1, at: '2026-12-01T10:01:00.000Z', reason: 'Booked' },
      { kind: 'offered', offer_number: 2, at: '2026-12-01T10:01:01.000Z', expires_at: '2026-12-01T10:06:01.000Z' },
      { kind: 'offer_expired', offer_number: 2, at: '2026-12-01T10:06:01.000Z' },
      { kind: 'accepted', at: '2026-12-01T10:07:00.000Z' },
    ]);
    expect(JSON.stringify(steps)).not.toMatch(/Ada|\bBo\b|spec_/);
  });
});
