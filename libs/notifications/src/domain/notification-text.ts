import type { NotificationMessage } from './notification';

/** What the offer's text is made of: the deployment as created, and the expert's rate if the roster has it. */
export interface OfferFacts {
  deploymentId: string;
  skills: string[];
  creditsReserved: number | null;
  offerExpiresAt: string;
  rateCreditsPerHour: number | null;
  medianTurnaroundMinutes: number | null;
}

/**
 * The expert's likely earnings: their rate over their median turnaround, never above the cap the
 * partner reserved (the charge is capped there). Null when the roster does not tell.
 */
export function estimatedCredits(facts: Pick<OfferFacts, 'creditsReserved' | 'rateCreditsPerHour' | 'medianTurnaroundMinutes'>): number | null {
  if (facts.rateCreditsPerHour === null || facts.medianTurnaroundMinutes === null) return null;
  const estimate = Math.ceil((facts.rateCreditsPerHour * facts.medianTurnaroundMinutes) / 60);
  return facts.creditsReserved === null ? estimate : Math.min(estimate, facts.creditsReserved);
}

/** `HH:MM UTC`: the expert's time zone is not known, so the clock is named. */
export function clockTime(iso: string): string {
  return `${iso.slice(11, 16)} UTC`;
}

export function offerMessage(facts: OfferFacts): NotificationMessage {
  const skills = facts.skills.join(', ');
  const estimate = estimatedCredits(facts);
  const pay = [
    facts.creditsReserved !== null ? `up to ${facts.creditsReserved} credits` : null,
    estimate !== null ? `about ${estimate} at your rate` : null,
  ].filter((part): part is string => part !== null);
  return {
    title: `New offer: ${skills}`,
    body: `${pay.length > 0 ? `${pay.join(', ')}. ` : ''}Accept by ${clockTime(facts.offerExpiresAt)}.`,
    url: '/offers',
    skills: facts.skills,
    credits_cap: facts.creditsReserved,
    expires_at: facts.offerExpiresAt,
  };
}

export function replyMessage(deploymentId: string, skills: string[]): NotificationMessage {
  return {
    title: 'The agent answered your question',
    body: `Work on ${skills.join(', ')} can go on.`,
    url: `/work/${deploymentId}`,
    skills,
    credits_cap: null,
    expires_at: null,
  };
}

export function cancelledMessage(deploymentId: string, skills: string[], reason: string): NotificationMessage {
  const why = reason.trim() === '' ? '' : ` Reason: ${reason.trim().slice(0, 200)}`;
  return {
    title: 'Work cancelled',
    body: `The work on ${skills.join(', ')} was cancelled; stop working on it.${why}`,
    url: `/work/${deploymentId}`,
    skills,
    credits_cap: null,
    expires_at: null,
  };
}
