/** What an expert sees of a deployment (issue 5): only their own work, never the agent's metadata. */
import { foldDeployment } from './deployment.evolve';
import { expertRelation, toExpertView } from './deployment.expert-view';
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

  it('shows the open offer to its expert, with its deadline', () => {
    const view = toExpertView(foldDeployment(HISTORIES.offered), EXPERT.id);
    expect(view).toMatchObject({ relation: 'offered', status: 'pending', offer: { offer_number: 1, expires_at: T.offerExpires } });
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
});
