import type { DeploymentCancelled, DeploymentOffered, DeploymentReplyReceived } from '@eh/contracts';
import { notificationId, type Notification } from './notification';
import { cancelledMessage, offerMessage, replyMessage } from './notification-text';

/** The deployment events that may tell an expert something. */
export const NOTIFYING_EVENT_TYPES = ['deployment.offered', 'deployment.reply_received', 'deployment.cancelled'] as const;
export type NotifyingEvent = DeploymentOffered | DeploymentReplyReceived | DeploymentCancelled;

export const isNotifyingEventType = (type: string): boolean => (NOTIFYING_EVENT_TYPES as readonly string[]).includes(type);

/** What is known of the deployment and the expert when the event is handled (read models). */
export interface DeploymentFacts {
  skills: string[];
  creditsReserved: number | null;
  /** The expert the work is assigned to, if any, as of the read (cancellation clears nothing here). */
  assignedExpertId: string | null;
  /** The expert's roster figures, for the offer's estimate; null when unknown. */
  rateCreditsPerHour: number | null;
  medianTurnaroundMinutes: number | null;
}

/**
 * Which notification an event produces, if any:
 * - `deployment.offered` → an offer to the expert it names;
 * - `deployment.reply_received` → "reply" to the assigned expert (they asked);
 * - `deployment.cancelled` by the agent or operations → "cancelled" to the assigned expert; an
 *   expert who cancelled knows already, and work never assigned concerns nobody.
 */
export function notificationFor(event: NotifyingEvent, facts: DeploymentFacts): Notification | null {
  switch (event.type) {
    case 'deployment.offered': {
      const d = event.data;
      return {
        id: notificationId('offer', d.deployment_id, d.offer_number),
        kind: 'offer',
        expertId: d.expert.id,
        deploymentId: d.deployment_id,
        offerNumber: d.offer_number,
        message: offerMessage({
          deploymentId: d.deployment_id,
          skills: facts.skills,
          creditsReserved: facts.creditsReserved,
          offerExpiresAt: d.offer_expires_at,
          rateCreditsPerHour: facts.rateCreditsPerHour,
          medianTurnaroundMinutes: facts.medianTurnaroundMinutes,
        }),
      };
    }
    case 'deployment.reply_received': {
      const d = event.data;
      if (facts.assignedExpertId === null) return null;
      return {
        id: notificationId('reply', d.deployment_id, null),
        kind: 'reply',
        expertId: facts.assignedExpertId,
        deploymentId: d.deployment_id,
        offerNumber: null,
        message: replyMessage(d.deployment_id, facts.skills),
      };
    }
    case 'deployment.cancelled': {
      const d = event.data;
      if (facts.assignedExpertId === null || d.cancelled_by === 'expert') return null;
      return {
        id: notificationId('cancelled', d.deployment_id, null),
        kind: 'cancelled',
        expertId: facts.assignedExpertId,
        deploymentId: d.deployment_id,
        offerNumber: null,
        message: cancelledMessage(d.deployment_id, facts.skills, d.reason),
      };
    }
    default: {
      const unhandled: never = event;
      throw new Error(`no notification rule for ${JSON.stringify(unhandled)}`);
    }
  }
}
