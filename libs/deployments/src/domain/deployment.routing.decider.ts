/**
 * The routing half of decide: from `pending` to `accepted` through offers to one
 * expert at a time. Decisions (docs/decisions.md
 * "Router"):
 * - Live deployments are offered, never broadcast: at most one open offer; a second `offer`
 *   while one is open is refused, which with the expected-version append makes two router
 *   replicas unable to offer twice.
 * - Only the offered expert accepts or declines, and only before `offer_expires_at`.
 * - An expert who declined or timed out is passed over: never offered the same deployment again.
 * - Test-mode deployments have no offers: only the synthetic expert accepts them.
 * - A scheduled deployment routes from `scheduled_for` on (`start_routing`); before that
 *   nothing can be offered or accepted.
 * - A late or repeated timer (offer already answered, routing already started) is refused
 *   with `invalid_state_transition`, and the caller drops it.
 */
import { DomainError } from '@eh/contracts';
import type { DeploymentEvent } from '@eh/contracts';
import type { AcceptDeployment, DeclineOffer, ExpireOffer, OfferDeployment, StartRouting } from './deployment.commands';
import { assertIn, idOf, refuse } from './deployment.guards';
import type { DeploymentState, OpenOffer, PendingDeployment } from './deployment.state';
import { SYNTHETIC_EXPERT } from './synthetic-expert.ref';

function assertPending(state: DeploymentState, action: string): asserts state is PendingDeployment {
  assertIn(state, ['pending'], 'invalid_state_transition', `only pending deployments can be ${action}`);
}

function assertRouting(state: PendingDeployment): void {
  if (state.routing_started_at === null) {
    throw refuse('invalid_state_transition', state, `routing starts at scheduled_for (${state.details.scheduled_for})`);
  }
}

/** The open offer, made to `expertId`. */
function offerTo(state: PendingDeployment, expertId: string): OpenOffer {
  const offer = state.offer;
  if (offer === null) throw refuse('invalid_state_transition', state, 'it has no open offer');
  if (offer.expert.id !== expertId) {
    throw new DomainError('expert_not_assigned', `expert ${expertId} has no open offer for deployment ${idOf(state)}`);
  }
  return offer;
}

export function startRouting(command: StartRouting, state: DeploymentState): DeploymentEvent[] {
  assertPending(state, 'started routing');
  if (state.routing_started_at !== null) throw refuse('invalid_state_transition', state, 'routing has already started');
  const at = state.details.scheduled_for;
  if (at !== null && Date.parse(command.now) < Date.parse(at)) {
    throw refuse('invalid_state_transition', state, `routing starts at scheduled_for (${at})`);
  }
  return [{ type: 'deployment.routing_started', data: { deployment_id: idOf(state), started_at: command.now } }];
}

export function offer(command: OfferDeployment, state: DeploymentState): DeploymentEvent[] {
  assertPending(state, 'offered');
  if (state.details.mode !== 'live') {
    throw refuse('invalid_state_transition', state, 'test-mode deployments are played by the synthesizer, not offered');
  }
  assertRouting(state);
  if (state.offer !== null) {
    throw refuse('invalid_state_transition', state, `offer ${state.offer.offer_number} to ${state.offer.expert.id} is still open; one offer at a time`);
  }
  if (state.passed_over.includes(command.expert.id)) {
    throw refuse('invalid_state_transition', state, `expert ${command.expert.id} already declined or let an offer time out`);
  }
  const data = {
    deployment_id: idOf(state),
    offer_number: state.offers_made + 1,
    expert: command.expert,
    match: command.match,
    offered_at: command.now,
    offer_expires_at: command.expiresAt,
  };
  return [{ type: 'deployment.offered', data }];
}

export function decline(command: DeclineOffer, state: DeploymentState): DeploymentEvent[] {
  assertPending(state, 'declined');
  const open = offerTo(state, command.expertId);
  const data = {
    deployment_id: idOf(state),
    offer_number: open.offer_number,
    expert_id: command.expertId,
    reason: command.reason,
    declined_at: command.now,
  };
  return [{ type: 'deployment.offer_declined', data }];
}

export function expireOffer(command: ExpireOffer, state: DeploymentState): DeploymentEvent[] {
  assertPending(state, 'have an offer expire');
  const open = state.offer;
  if (open === null || open.offer_number !== command.offerNumber) {
    throw refuse('invalid_state_transition', state, `offer ${command.offerNumber} is not open`);
  }
  if (Date.parse(command.now) < Date.parse(open.expires_at)) {
    throw refuse('invalid_state_transition', state, `offer ${command.offerNumber} is open until ${open.expires_at}`);
  }
  const data = { deployment_id: idOf(state), offer_number: open.offer_number, expert_id: open.expert.id, expired_at: command.now };
  return [{ type: 'deployment.offer_expired', data }];
}

export function accept(command: AcceptDeployment, state: DeploymentState): DeploymentEvent[] {
  assertPending(state, 'accepted');
  assertRouting(state);
  if (state.details.mode === 'test') {
    if (command.expert.id !== SYNTHETIC_EXPERT.id) {
      throw new DomainError('expert_not_assigned', `test-mode deployment ${idOf(state)} is played by the synthetic expert only`);
    }
  } else {
    const open = offerTo(state, command.expert.id);
    if (Date.parse(command.now) >= Date.parse(open.expires_at)) {
      throw refuse('invalid_state_transition', state, `offer ${open.offer_number} expired at ${open.expires_at}`);
    }
  }
  const data = { deployment_id: idOf(state), expert: command.expert, accepted_at: command.now };
  return [{ type: 'deployment.accepted', data }];
}
