import type { DeploymentEvent } from '@eh/contracts';

/**
 * What happened to a deployment while it looked for an expert, for the workspace's own people
 * (the dashboard): each offer, how it ended (declined with the expert's reason, timed out,
 * accepted) and the next one. It never names an expert who did not take the work: which experts
 * passed is between them and operations; the one who accepted is on the deployment already.
 */
export type RoutingStep =
  | { kind: 'routing_started'; at: string }
  | { kind: 'offered'; offer_number: number; at: string; expires_at: string }
  | { kind: 'declined'; offer_number: number; at: string; reason: string }
  | { kind: 'offer_expired'; offer_number: number; at: string }
  | { kind: 'accepted'; at: string }
  | { kind: 'cancelled'; at: string }
  | { kind: 'expired'; at: string };

/** The routing steps of a deployment's events, in stream order (pure). */
export function routingHistoryOf(events: readonly { type: string; data: unknown; occurred_at: string }[]): RoutingStep[] {
  const steps: RoutingStep[] = [];
  for (const { type, data, occurred_at: at } of events) {
    const event = { type, data } as DeploymentEvent;
    switch (event.type) {
      case 'deployment.routing_started':
        steps.push({ kind: 'routing_started', at: event.data.started_at });
        break;
      case 'deployment.offered':
        steps.push({ kind: 'offered', offer_number: event.data.offer_number, at: event.data.offered_at, expires_at: event.data.offer_expires_at });
        break;
      case 'deployment.offer_declined':
        steps.push({ kind: 'declined', offer_number: event.data.offer_number, at: event.data.declined_at, reason: event.data.reason });
        break;
      case 'deployment.offer_expired':
        steps.push({ kind: 'offer_expired', offer_number: event.data.offer_number, at: event.data.expired_at });
        break;
      case 'deployment.accepted':
        steps.push({ kind: 'accepted', at });
        break;
      case 'deployment.cancelled':
        steps.push({ kind: 'cancelled', at });
        break;
      case 'deployment.expired':
        steps.push({ kind: 'expired', at });
        break;
      default:
        break;
    }
  }
  return steps;
}
