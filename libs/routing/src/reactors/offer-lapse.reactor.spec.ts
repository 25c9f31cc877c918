/** Which deployment events count for the lapse count, and as what. */
import type { DeploymentEvent } from '@eh/contracts';
import { lapseCommandOf } from './offer-lapse.reactor';

const expert = { id: 'spec_01JEXPERT00000000000000001', name: 'Ada Lane', role: 'Copywriter' };
const AT = '2026-11-21T10:00:00.000Z';

describe('lapseCommandOf', () => {
  it('an expiry is a lapse of that offer', () => {
    const event = {
      type: 'deployment.offer_expired',
      data: { deployment_id: 'dep_a', offer_number: 2, expert_id: expert.id, expired_at: AT },
    } as DeploymentEvent;
    expect(lapseCommandOf(event)).toEqual({
      expertId: expert.id,
      command: { type: 'record_lapse', offer: { deploymentId: 'dep_a', offerNumber: 2 }, expiredAt: AT },
    });
  });

  it('a decline and an acceptance are answers (an acceptance names no offer number)', () => {
    const declined = {
      type: 'deployment.offer_declined',
      data: { deployment_id: 'dep_a', offer_number: 1, expert_id: expert.id, reason: 'booked', declined_at: AT },
    } as DeploymentEvent;
    expect(lapseCommandOf(declined)).toEqual({
      expertId: expert.id,
      command: { type: 'record_answer', offer: { deploymentId: 'dep_a', offerNumber: 1 }, answeredAt: AT },
    });
    const accepted = { type: 'deployment.accepted', data: { deployment_id: 'dep_b', expert, accepted_at: AT } } as DeploymentEvent;
    expect(lapseCommandOf(accepted)).toEqual({
      expertId: expert.id,
      command: { type: 'record_answer', offer: { deploymentId: 'dep_b', offerNumber: null }, answeredAt: AT },
    });
  });

  it('every other event counts for nothing', () => {
    const offered = { type: 'deployment.routing_started', data: { deployment_id: 'dep_a', started_at: AT } } as DeploymentEvent;
    expect(lapseCommandOf(offered)).toBeNull();
  });
});
