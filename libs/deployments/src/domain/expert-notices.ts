/**
 * What each deployment event means to the experts watching the console (
 * `GET /expert/v1/events`): a new offer for them, the end of an offer of theirs, or a change
 * to work assigned to them. The notice only says what changed; the console reads the rest
 * through the expert API. Pure: `before` is the deployment as it was just before the event.
 */
import type { DeploymentEvent, DeploymentStatus } from '@eh/contracts';
import { evolve } from './deployment.evolve';
import type { DeploymentState } from './deployment.state';

export type OfferEndReason = 'accepted' | 'declined' | 'expired' | 'withdrawn';

export type ExpertNotice =
  | { expertId: string; event: 'offer.created'; data: { deployment_id: string; offer_expires_at: string } }
  | { expertId: string; event: 'offer.ended'; data: { deployment_id: string; reason: OfferEndReason } }
  | { expertId: string; event: 'deployment.updated'; data: { deployment_id: string; status: DeploymentStatus; sequence: number } };

/** Offers name their expert in the event; every other notice needs the deployment before it. */
export const noticeNeedsHistory = (type: DeploymentEvent['type']): boolean =>
  ![
    'deployment.created',
    'deployment.routing_started',
    'deployment.offered',
    'deployment.offer_declined',
    'deployment.offer_expired',
    'deployment.accepted',
  ].includes(type);

/** `sequence`: the event's revision in its stream, as webhooks carry it (a later change has a higher one). */
export function expertNotices(event: DeploymentEvent, sequence: number, before: DeploymentState): ExpertNotice[] {
  const deployment_id = event.data.deployment_id;
  switch (event.type) {
    case 'deployment.created':
    case 'deployment.routing_started':
      return [];
    case 'deployment.offered':
      return [{ expertId: event.data.expert.id, event: 'offer.created', data: { deployment_id, offer_expires_at: event.data.offer_expires_at } }];
    case 'deployment.offer_declined':
      return [{ expertId: event.data.expert_id, event: 'offer.ended', data: { deployment_id, reason: 'declined' } }];
    case 'deployment.offer_expired':
      return [{ expertId: event.data.expert_id, event: 'offer.ended', data: { deployment_id, reason: 'expired' } }];
    case 'deployment.accepted':
      return [
        { expertId: event.data.expert.id, event: 'offer.ended', data: { deployment_id, reason: 'accepted' } },
        { expertId: event.data.expert.id, event: 'deployment.updated', data: { deployment_id, status: 'accepted', sequence } },
      ];
    case 'deployment.in_progress':
    case 'deployment.needs_input':
    case 'deployment.reply_received':
    case 'deployment.completed':
    case 'deployment.cancelled':
    case 'deployment.expired': {
      // An open offer ends with the deployment (cancelled or expired while pending): withdrawn.
      if (before.status === 'pending')
        return before.offer ? [{ expertId: before.offer.expert.id, event: 'offer.ended', data: { deployment_id, reason: 'withdrawn' } }] : [];
      if (before.status === 'initial' || before.expert === null) return [];
      const after = evolve(before, event);
      if (after.status === 'initial') return [];
      return [{ expertId: before.expert.id, event: 'deployment.updated', data: { deployment_id, status: after.status, sequence } }];
    }
    case 'deployment.feedback_given':
      // The expert reads ratings in their history; nothing changes on their open pages.
      return [];
    default: {
      const unknown: never = event;
      void unknown;
      return [];
    }
  }
}
