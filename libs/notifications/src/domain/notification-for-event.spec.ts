import type { DeploymentCancelled, DeploymentOffered, DeploymentReplyReceived } from '@eh/contracts';
import { notificationId } from './notification';
import { isNotifyingEventType, notificationFor, type DeploymentFacts } from './notification-for-event';
import { clockTime, estimatedCredits, offerMessage } from './notification-text';

const DEP = 'dep_01JZ0000000000000000000000';
const facts: DeploymentFacts = {
  skills: ['copywriting', 'naming'],
  creditsReserved: 120,
  assignedExpertId: 'spec_ADA',
  rateCreditsPerHour: 90,
  medianTurnaroundMinutes: 40,
};
const offered = (offerNumber = 2): DeploymentOffered => ({
  type: 'deployment.offered',
  data: {
    deployment_id: DEP,
    offer_number: offerNumber,
    expert: { id: 'spec_BO', name: 'Bo', role: 'Copywriter' },
    match: {} as DeploymentOffered['data']['match'],
    offered_at: '2026-05-01T10:00:00.000Z',
    offer_expires_at: '2026-05-01T10:05:00.000Z',
  },
});
const reply: DeploymentReplyReceived = {
  type: 'deployment.reply_received',
  data: { deployment_id: DEP, body: 'Acme.', context_files: [], replied_at: '2026-05-01T10:00:00.000Z' },
};
const cancelled = (by: DeploymentCancelled['data']['cancelled_by']): DeploymentCancelled => ({
  type: 'deployment.cancelled',
  data: { deployment_id: DEP, cancelled_by: by, reason: 'plans changed', partial_output: null, cancelled_at: '2026-05-01T10:00:00.000Z' },
});

describe('which notification an event produces', () => {
  it('an offer goes to the expert the event names, with skills, cap, estimate and the deadline', () => {
    const notification = notificationFor(offered(), facts);
    expect(notification).toEqual({
      id: `offer:${DEP}:2`,
      kind: 'offer',
      expertId: 'spec_BO',
      deploymentId: DEP,
      offerNumber: 2,
      message: {
        title: 'New offer: copywriting, naming',
        body: 'up to 120 credits, about 60 at your rate. Accept by 10:05 UTC.',
        url: '/offers',
        skills: ['copywriting', 'naming'],
        credits_cap: 120,
        expires_at: '2026-05-01T10:05:00.000Z',
      },
    });
  });

  it('each offer of one deployment is its own notification; the same offer is always the same id', () => {
    expect(notificationFor(offered(1), facts)?.id).not.toBe(notificationFor(offered(2), facts)?.id);
    expect(notificationFor(offered(1), facts)?.id).toBe(notificationFor(offered(1), { ...facts, creditsReserved: 5 })?.id);
  });

  it('a reply goes to the assigned expert and links the work page; nobody assigned, nothing', () => {
    expect(notificationFor(reply, facts)).toMatchObject({
      id: `reply:${DEP}`,
      kind: 'reply',
      expertId: 'spec_ADA',
      offerNumber: null,
      message: { url: `/work/${DEP}`, expires_at: null },
    });
    expect(notificationFor(reply, { ...facts, assignedExpertId: null })).toBeNull();
  });

  it('a cancellation by the agent or operations tells the assigned expert, with the reason', () => {
    for (const by of ['agent', 'operations'] as const) {
      const notification = notificationFor(cancelled(by), facts);
      expect(notification).toMatchObject({ id: `cancelled:${DEP}`, kind: 'cancelled', expertId: 'spec_ADA', message: { url: `/work/${DEP}` } });
      expect(notification?.message.body).toContain('plans changed');
    }
  });

  it('the expert’s own cancellation, and the cancellation of work nobody accepted, tell nobody', () => {
    expect(notificationFor(cancelled('expert'), facts)).toBeNull();
    expect(notificationFor(cancelled('agent'), { ...facts, assignedExpertId: null })).toBeNull();
  });

  it('knows exactly the three event types', () => {
    expect(['deployment.offered', 'deployment.reply_received', 'deployment.cancelled'].every(isNotifyingEventType)).toBe(true);
    for (const other of [
      'deployment.created',
      'deployment.accepted',
      'deployment.offer_expired',
      'deployment.offer_declined',
      'deployment.completed',
      'deployment.expired',
      'deployment.needs_input',
    ])
      expect(isNotifyingEventType(other)).toBe(false);
  });

  it('refuses an event it has no rule for', () => {
    expect(() => notificationFor({ type: 'deployment.completed', data: {} } as never, facts)).toThrow('no notification rule');
  });
});

describe('the offer text', () => {
  const base = { deploymentId: DEP, skills: ['seo'], offerExpiresAt: '2026-05-01T23:59:30.000Z' };
  it('estimates at the rate over the median turnaround, rounded up, never above the cap', () => {
    expect(estimatedCredits({ creditsReserved: 1000, rateCreditsPerHour: 90, medianTurnaroundMinutes: 41 })).toBe(62);
    expect(estimatedCredits({ creditsReserved: 50, rateCreditsPerHour: 90, medianTurnaroundMinutes: 41 })).toBe(50);
    expect(estimatedCredits({ creditsReserved: null, rateCreditsPerHour: 60, medianTurnaroundMinutes: 30 })).toBe(30);
    expect(estimatedCredits({ creditsReserved: 10, rateCreditsPerHour: null, medianTurnaroundMinutes: 30 })).toBeNull();
    expect(estimatedCredits({ creditsReserved: 10, rateCreditsPerHour: 60, medianTurnaroundMinutes: null })).toBeNull();
  });
  it('names the clock time of the deadline', () => {
    expect(clockTime('2026-05-01T23:59:30.000Z')).toBe('23:59 UTC');
  });
  it('says only what it knows', () => {
    expect(offerMessage({ ...base, creditsReserved: null, rateCreditsPerHour: null, medianTurnaroundMinutes: null }).body).toBe('Accept by 23:59 UTC.');
    expect(offerMessage({ ...base, creditsReserved: 30, rateCreditsPerHour: null, medianTurnaroundMinutes: null }).body).toBe(
      'up to 30 credits. Accept by 23:59 UTC.',
    );
  });
  it('ids name kind, deployment and (offers only) the offer number', () => {
    expect([notificationId('offer', DEP, 3), notificationId('reply', DEP, 3), notificationId('cancelled', DEP, null)]).toEqual([
      `offer:${DEP}:3`,
      `reply:${DEP}`,
      `cancelled:${DEP}`,
    ]);
  });
});
