import type { ExpertEvent } from '@eh/contracts';
import { idleDeploymentsFor } from '../adapters/routing-view.query';
import { toDomainEvent, type RecordedEvent } from '@eh/event-store';
import { findExpert } from '../adapters/roster-view.query';
import { offerDeployment, type OfferCause, type OfferDeps } from '../application/offer-deployment.handler';
import { isOnlineAt } from '../domain/available-until';

/**
 * A roster change can unblock deployments that found no candidate (docs/decisions.md "Router
 *": they wait, not fail): when an expert is registered, changes skills or comes
 * online, the router offers them the waiting deployments they could take. Each offer still
 * goes through the ranking, so the best candidate, not necessarily this expert, gets it.
 */
export async function reactToRosterEvent(deps: OfferDeps, event: RecordedEvent): Promise<void> {
  const expertEvent = toDomainEvent<ExpertEvent>(event);
  const relevant =
    expertEvent.type === 'expert.registered' ||
    expertEvent.type === 'expert.updated' ||
    (expertEvent.type === 'expert.availability_changed' && expertEvent.data.availability === 'online');
  if (!relevant) return;
  await offerWaitingDeployments(deps, expertEvent.data.expert_id, { eventId: event.id, correlationId: event.metadata.correlation_id });
}

/**
 * The waiting deployments this expert could take, each offered through the ranking again: on a
 * roster change, and when the expert becomes reachable (opens the console with none open before).
 */
export async function offerWaitingDeployments(deps: OfferDeps, expertId: string, cause: OfferCause): Promise<void> {
  const expert = await findExpert(deps.sql, expertId);
  if (!expert || expert.retired || !isOnlineAt(expert, new Date())) return;
  for (const deploymentId of await idleDeploymentsFor(deps.sql, expert)) {
    await offerDeployment(deps, deploymentId, cause, new Date());
  }
}
