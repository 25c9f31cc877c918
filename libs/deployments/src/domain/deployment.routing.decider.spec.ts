/**
 * Rules of routing beyond the matrix: one open offer at a time, only the offered
 * expert answers and only in time, passed-over experts are not offered again, test mode has
 * the synthetic expert only, scheduled deployments wait for scheduled_for, and late timers
 * are refused.
 */
import type { DeploymentEvent, ExpertRef } from '@eh/contracts';
import type { DeploymentCommand } from './deployment.commands';
import { foldDeployment } from './deployment.evolve';
import { SYNTHETIC_EXPERT } from './synthetic-expert.ref';
import { given } from './testing/decider.given-when-then';
import { createdData, DEP, ev, EXPERT, HISTORIES, MATCH, STRANGER, T } from './testing/deployment.fixtures';

const OTHER: ExpertRef = { id: STRANGER, name: 'Bo Reed', role: 'Copywriter' };
const offer = (expert: ExpertRef = OTHER, now: string = T.now): DeploymentCommand => ({
  type: 'offer',
  expert,
  match: MATCH,
  expiresAt: T.nowDeadline,
  now,
});
const accept = (expert: ExpertRef = EXPERT, now: string = T.now): DeploymentCommand => ({ type: 'accept', expert, now });
const testCreated = (): DeploymentEvent => ({ type: 'deployment.created', data: { ...createdData(), mode: 'test' } });

describe('deployment routing', () => {
  it('numbers offers and offers the next expert after a decline or a timeout', () => {
    for (const history of [HISTORIES.passed_over, [...HISTORIES.offered, ev.offerExpired()]]) {
      given(history)
        .when(offer())
        .then([
          {
            type: 'deployment.offered',
            data: { deployment_id: DEP, offer_number: 2, expert: OTHER, match: MATCH, offered_at: T.now, offer_expires_at: T.nowDeadline },
          },
        ]);
      const state = foldDeployment(history);
      expect(state.status === 'pending' && state.passed_over).toEqual([EXPERT.id]);
    }
  });

  it('never has two open offers: a second offer to anyone is refused', () => {
    const error = given(HISTORIES.offered).when(offer(OTHER)).thenThrows('invalid_state_transition');
    expect(error.message).toContain('one offer at a time');
  });

  it('lets only the offered expert accept or decline', () => {
    given(HISTORIES.offered).when(accept(OTHER)).thenThrows('expert_not_assigned');
    given(HISTORIES.offered).when({ type: 'decline', expertId: STRANGER, reason: '', now: T.now }).thenThrows('expert_not_assigned');
    given([...HISTORIES.passed_over])
      .when(accept(EXPERT))
      .thenThrows('invalid_state_transition');
  });

  it('refuses an acceptance at or after the offer expired, even before the timer fired', () => {
    given(HISTORIES.offered).when(accept(EXPERT, T.offerExpires)).thenThrows('invalid_state_transition');
  });

  it('refuses an offer timer that fires early, or for an older offer (a late timer is dropped)', () => {
    given(HISTORIES.offered).when({ type: 'expire_offer', offerNumber: 1, now: T.now }).thenThrows('invalid_state_transition');
    const second = [...HISTORIES.passed_over, ev.offered(OTHER, 2)];
    given(second).when({ type: 'expire_offer', offerNumber: 1, now: T.offerExpires }).thenThrows('invalid_state_transition');
    given(HISTORIES.accepted).when({ type: 'expire_offer', offerNumber: 1, now: T.offerExpires }).thenThrows('invalid_state_transition');
  });

  it('ends the offer with the acceptance: the accepted state carries no routing fields', () => {
    expect(foldDeployment(HISTORIES.accepted)).toStrictEqual({
      status: 'accepted',
      details: createdData(),
      expert: EXPERT,
      accepted_at: T.accepted,
      updated_at: T.accepted,
    });
  });

  describe('test mode', () => {
    it('has no offers: only the synthetic expert accepts, without one', () => {
      given([testCreated()]).when(offer(EXPERT)).thenThrows('invalid_state_transition');
      given([testCreated()]).when(accept(EXPERT)).thenThrows('expert_not_assigned');
      given([testCreated()])
        .when(accept(SYNTHETIC_EXPERT))
        .then([{ type: 'deployment.accepted', data: { deployment_id: DEP, expert: SYNTHETIC_EXPERT, accepted_at: T.now } }]);
    });
  });

  describe('scheduled deployments', () => {
    it('route from scheduled_for on: nothing is offered or accepted before routing starts', () => {
      given(HISTORIES.scheduled).when(offer(EXPERT)).thenThrows('invalid_state_transition');
      given(HISTORIES.scheduled).when({ type: 'start_routing', now: '2025-03-01T10:29:59.999Z' }).thenThrows('invalid_state_transition');
      given(HISTORIES.scheduled)
        .when({ type: 'start_routing', now: T.scheduledFor })
        .then([{ type: 'deployment.routing_started', data: { deployment_id: DEP, started_at: T.scheduledFor } }]);
      const started = [...HISTORIES.scheduled, ev.routingStarted()];
      expect(foldDeployment(started)).toMatchObject({ status: 'pending', routing_started_at: T.scheduledFor });
      given(started).when({ type: 'start_routing', now: T.now }).thenThrows('invalid_state_transition');
      const offered = foldDeployment([...started, ...[ev.offered()]]);
      expect(offered).toMatchObject({ status: 'pending', offer: { offer_number: 1, expert: EXPERT } });
    });
  });

  it('keeps updated_at on internal routing events: the public object did not change', () => {
    const before = foldDeployment(HISTORIES.pending);
    const after = foldDeployment(HISTORIES.passed_over);
    expect(after.status === 'pending' && after.updated_at).toBe(before.status === 'pending' && before.updated_at);
  });
});
