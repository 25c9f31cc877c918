/** The console's live updates, from each deployment event and the state before it. */
import type { DeploymentEvent } from '@eh/contracts';
import { foldDeployment } from './deployment.evolve';
import { expertNotices, noticeNeedsHistory } from './expert-notices';
import { DEP, EXPERT, ev, HISTORIES, T, type HistoryName } from './testing/deployment.fixtures';

const notices = (history: HistoryName | DeploymentEvent[], event: DeploymentEvent, sequence = 7) =>
  expertNotices(event, sequence, foldDeployment(typeof history === 'string' ? HISTORIES[history] : history));

describe('expert notices (GET /expert/v1/events)', () => {
  it('an offer is news to its expert, with its deadline', () => {
    expect(notices('pending', ev.offered())).toEqual([
      { expertId: EXPERT.id, event: 'offer.created', data: { deployment_id: DEP, offer_expires_at: T.offerExpires } },
    ]);
  });

  it('the offer ends for its expert: declined, timed out, accepted', () => {
    expect(notices('offered', ev.declined())).toEqual([{ expertId: EXPERT.id, event: 'offer.ended', data: { deployment_id: DEP, reason: 'declined' } }]);
    expect(notices('offered', ev.offerExpired())).toEqual([{ expertId: EXPERT.id, event: 'offer.ended', data: { deployment_id: DEP, reason: 'expired' } }]);
    expect(notices('offered', ev.accepted(), 2)).toEqual([
      { expertId: EXPERT.id, event: 'offer.ended', data: { deployment_id: DEP, reason: 'accepted' } },
      { expertId: EXPERT.id, event: 'deployment.updated', data: { deployment_id: DEP, status: 'accepted', sequence: 2 } },
    ]);
  });

  it('an offer open when the deployment is cancelled or expires is withdrawn; no offer, no notice', () => {
    expect(notices('offered', ev.cancelled())).toEqual([{ expertId: EXPERT.id, event: 'offer.ended', data: { deployment_id: DEP, reason: 'withdrawn' } }]);
    expect(notices('offered', ev.expired())).toEqual([{ expertId: EXPERT.id, event: 'offer.ended', data: { deployment_id: DEP, reason: 'withdrawn' } }]);
    expect(notices('pending', ev.cancelled())).toEqual([]);
    expect(notices('passed_over', ev.expired())).toEqual([]);
  });

  it('every change to assigned work reaches the assigned expert with its new status and sequence', () => {
    const updated = (status: string, sequence: number) => [
      { expertId: EXPERT.id, event: 'deployment.updated', data: { deployment_id: DEP, status, sequence } },
    ];
    expect(notices('accepted', ev.started(), 3)).toEqual(updated('in_progress', 3));
    expect(notices('in_progress', ev.asked(), 4)).toEqual(updated('needs_input', 4));
    expect(notices('needs_input', ev.replied(), 5)).toEqual(updated('in_progress', 5));
    expect(notices('in_progress', ev.completed(), 5)).toEqual(updated('completed', 5));
    expect(notices('accepted', ev.cancelled(), 3)).toEqual(updated('cancelled', 3));
    expect(notices('needs_input', ev.expired(), 5)).toEqual(updated('expired', 5));
  });

  it('creation and the start of routing concern no expert', () => {
    expect(notices([], ev.created())).toEqual([]);
    expect(notices('scheduled', ev.routingStarted())).toEqual([]);
  });

  it('says which events need the deployment folded first', () => {
    const needs = (types: string[]) => types.map((type) => noticeNeedsHistory(type as DeploymentEvent['type']));
    expect(needs(['deployment.offered', 'deployment.offer_declined', 'deployment.offer_expired', 'deployment.created', 'deployment.accepted'])).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(needs(['deployment.in_progress', 'deployment.cancelled', 'deployment.reply_received', 'deployment.expired'])).toEqual([true, true, true, true]);
    // Without history, the accepted notices are the same: the event names its expert.
    expect(expertNotices(ev.accepted(), 2, foldDeployment([]))).toEqual(notices('offered', ev.accepted(), 2));
  });
});
