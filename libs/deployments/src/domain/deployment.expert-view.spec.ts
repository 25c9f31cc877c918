/** What an expert sees of a deployment: only their own work, never the agent's metadata. */
import { foldDeployment } from './deployment.evolve';
import { expertMayRead, expertRelation, toExpertView } from './deployment.expert-view';
import { ev, EXPERT, HISTORIES, STRANGER, T } from './testing/deployment.fixtures';

describe('the expert view of a deployment', () => {
  it('relates the offered, the passed-over and the assigned expert; nobody else', () => {
    expect(expertRelation(foldDeployment(HISTORIES.offered), EXPERT.id)).toBe('offered');
    expect(expertRelation(foldDeployment(HISTORIES.passed_over), EXPERT.id)).toBe('passed_over');
    expect(expertRelation(foldDeployment(HISTORIES.needs_input), EXPERT.id)).toBe('assigned');
    expect(expertRelation(foldDeployment(HISTORIES.pending), EXPERT.id)).toBeNull();
    expect(toExpertView(foldDeployment(HISTORIES.in_progress), STRANGER)).toBeNull();
    expect(toExpertView(foldDeployment([]), EXPERT.id)).toBeNull();
  });

  it('lets only the expert offered it now or assigned to it read it; not one who declined or let the offer lapse', () => {
    expect(expertMayRead(foldDeployment(HISTORIES.offered), EXPERT.id)).toBe(true);
    expect(expertMayRead(foldDeployment(HISTORIES.needs_input), EXPERT.id)).toBe(true);
    expect(expertMayRead(foldDeployment(HISTORIES.completed), EXPERT.id)).toBe(true);
    expect(expertMayRead(foldDeployment(HISTORIES.passed_over), EXPERT.id)).toBe(false);
    expect(expertMayRead(foldDeployment([...HISTORIES.offered, ev.offerExpired()]), EXPERT.id)).toBe(false);
    expect(expertMayRead(foldDeployment(HISTORIES.pending), EXPERT.id)).toBe(false);
    expect(expertMayRead(foldDeployment(HISTORIES.in_progress), STRANGER)).toBe(false);
  });

  it('shows the open offer to its expert, with its deadline', () => {
    const view = toExpertView(foldDeployment(HISTORIES.offered), EXPERT.id);
    expect(view).toMatchObject({
      relation: 'offered',
      status: 'pending',
      offer: { offer_number: 1, expires_at: T.offerExpires },
      offer_expires_at: T.offerExpires,
      started_at: null,
    });
    expect(toExpertView(foldDeployment(HISTORIES.accepted), EXPERT.id)).toMatchObject({ offer_expires_at: null, started_at: null });
    expect(toExpertView(foldDeployment(HISTORIES.passed_over), EXPERT.id)?.offer).toBeNull();
  });

  it('carries the question and the reply with its files, but not the metadata or webhook', () => {
    const view = toExpertView(foldDeployment(HISTORIES.answered), EXPERT.id);
    expect(view).toMatchObject({
      relation: 'assigned',
      status: 'in_progress',
      question: { body: 'Which competitor?', reply_deadline: T.replyDeadline },
      reply: { body: 'Acme.', context_files: ['https://files.example.com/b.pdf'] },
      context_files: ['https://files.example.com/a.pdf?sig=1'],
    });
    expect(view).not.toHaveProperty('metadata');
    expect(view).not.toHaveProperty('webhook_url');
  });

  it('shows the output once completed, and the cancellation when cancelled', () => {
    expect(toExpertView(foldDeployment(HISTORIES.completed), EXPERT.id)?.output?.body).toContain('Positioning');
    const cancelled = foldDeployment([...HISTORIES.accepted, ev.cancelled()]);
    expect(toExpertView(cancelled, EXPERT.id)?.cancellation).toMatchObject({ cancelled_by: 'agent' });
  });

  it('carries when work started, for time tracking, also once it ended', () => {
    for (const name of ['in_progress', 'needs_input', 'answered', 'completed'] as const) {
      expect([name, toExpertView(foldDeployment(HISTORIES[name]), EXPERT.id)?.started_at]).toEqual([name, expect.stringMatching(/^\d{4}-/)]);
    }
    expect(toExpertView(foldDeployment([...HISTORIES.accepted, ev.cancelled()]), EXPERT.id)?.started_at).toBeNull();
  });
});
