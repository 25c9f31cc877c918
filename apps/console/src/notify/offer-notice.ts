/**
 * What a notification of a new offer says, from the offer as the expert API shows it. The tag is
 * the one the push messages carry (`offer:<deployment>:<offer number>`), so a push and the open
 * console's own notification of the same offer replace each other instead of showing twice.
 */
import type { ExpertDeployment } from '../api/types';
import { briefTitle } from '../common/work-text';

export interface OfferNotice {
  title: string;
  body: string;
  tag: string;
}

const clock = (iso: string): string => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export function offerNotice(deployment: Pick<ExpertDeployment, 'id' | 'brief' | 'skills' | 'credits_reserved' | 'offer'>): OfferNotice {
  const skills = deployment.skills.length > 0 ? deployment.skills.join(', ') : 'no skill named';
  const lines = [
    briefTitle(deployment.brief),
    `Up to ${deployment.credits_reserved.toLocaleString()} credits${deployment.offer ? ` · accept by ${clock(deployment.offer.expires_at)}` : ''}`,
  ];
  return { title: `New offer: ${skills}`, body: lines.join('\n'), tag: `offer:${deployment.id}:${deployment.offer?.offer_number ?? 0}` };
}

/**
 * The notice when the offer itself could not be read (the API unreachable for a moment): the
 * expert still hears of it, from what the live message said, and reads the rest in the console.
 */
export function unreadOfferNotice(deploymentId: string, expiresAt: string): OfferNotice {
  const by = Number.isNaN(Date.parse(expiresAt)) ? '' : ` · accept by ${clock(expiresAt)}`;
  return { title: 'New offer', body: `Open the console to read it${by}`, tag: `offer:${deploymentId}` };
}
