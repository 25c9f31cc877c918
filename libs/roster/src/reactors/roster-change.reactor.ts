import type { ExpertEvent } from '@eh/contracts';
import { idleDeploymentsFor } from '@eh/deployments';
import { toDomainEvent, type RecordedEvent } from '@eh/event-store';
import { findExpert } from '../adapters/roster-view.query';
import { offerDeployment, type OfferDeps } from '../application/offer-deployment.handler';

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
  const expert = await findExpert(deps.sql, expertEvent.data.expert_id);
  if (!expert || expert.retired || expert.availability !== 'online') return;
  for (const deploymentId of await idleDeploymentsFor(deps.sql, expert)) {
    await offerDeployment(deps, deploymentId, { eventId: event.id, correlationId: event.metadata.correlation_id }, new Date());
  }
}
