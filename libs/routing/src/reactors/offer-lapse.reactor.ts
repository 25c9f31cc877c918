import type { DeploymentEvent } from '@eh/contracts';
import { toDomainEvent, type EventStore, type RecordedEvent, type SnapshotCache } from '@eh/event-store';
import { runServiceExpertCommand } from '../application/expert-presence.handler';
import type { ExpertCommand, ExpertState } from '../domain/expert.decider';

/** The expert command a deployment event means for the lapse count, if any. */
export function lapseCommandOf(event: DeploymentEvent): { expertId: string; command: ExpertCommand } | null {
  switch (event.type) {
    case 'deployment.offer_expired': {
      const { expert_id, deployment_id, offer_number, expired_at } = event.data;
      return {
        expertId: expert_id,
        command: { type: 'record_lapse', offer: { deploymentId: deployment_id, offerNumber: offer_number }, expiredAt: expired_at },
      };
    }
    case 'deployment.offer_declined': {
      const { expert_id, deployment_id, offer_number, declined_at } = event.data;
      return {
        expertId: expert_id,
        command: { type: 'record_answer', offer: { deploymentId: deployment_id, offerNumber: offer_number }, answeredAt: declined_at },
      };
    }
    case 'deployment.accepted': {
      const { expert, deployment_id, accepted_at } = event.data;
      return { expertId: expert.id, command: { type: 'record_answer', offer: { deploymentId: deployment_id, offerNumber: null }, answeredAt: accepted_at } };
    }
    default:
      return null;
  }
}

/**
 * Counts offers that lapse unanswered per expert (live deployments only): an expiry is a lapse,
 * an acceptance or a decline clears the count; the second lapse in a row sets the expert `away`
 * (offer-lapses.ts). It runs beside routing's step on routing's deliveries, so routing never waits
 * on it. Neither a redelivery nor an order of handling decides anything new: the decider remembers
 * which offers it counted, and an answer clears only lapses that expired before it. Every live
 * acceptance is such an answer, so the experts' folds are kept (`folds`): each reads only what
 * its stream gained since.
 */
export async function reactToOfferOutcome(store: EventStore, event: RecordedEvent, folds?: SnapshotCache<ExpertState>): Promise<void> {
  const outcome = lapseCommandOf(toDomainEvent<DeploymentEvent>(event));
  if (!outcome) return;
  await runServiceExpertCommand(
    store,
    outcome.expertId,
    outcome.command,
    { eventId: event.id, correlationId: event.metadata.correlation_id },
    event.metadata.occurred_at,
    folds,
  );
}
