/**
 * The public Deployment object for every state (decisions in
 * deployment.resource.ts). toStrictEqual also checks that absent fields are really absent.
 */
import { DomainError } from '@eh/contracts';
import type { DeploymentEvent } from '@eh/contracts';
import { foldDeployment } from './deployment.evolve';
import { toDeploymentResource } from './deployment.resource';
import type { DeploymentResource } from './deployment.resource';
import { DEP, ev, EXPERT, HISTORIES, OUTPUT, PARTIAL, T } from './testing/deployment.fixtures';

const resourceOf = (events: DeploymentEvent[]): DeploymentResource => toDeploymentResource(foldDeployment(events));

const PENDING: DeploymentResource = {
  id: DEP,
  status: 'pending',
  brief: 'Rewrite the pricing page hero. Keep the voice dry.',
  skills: ['copywriting', 'positioning'],
  urgency: 'priority',
  sla_deadline: '2025-03-01T11:00:00.000Z',
  credits_reserved: 120,
  expert: null,
  output: null,
  metadata: { ticket: 'OPS-12' },
  created_at: T.created,
  updated_at: T.created,
  context_url: 'https://example.com/pricing',
  context_files: ['https://files.example.com/a.pdf?sig=1'],
  scheduled_for: null,
  webhook_url: null,
  question: null,
  reply: null,
  cancellation: null,
  expiry: null,
};
const QUESTION = { body: 'Which competitor?', asked_at: T.asked, reply_deadline: T.replyDeadline };
const REPLY = { body: 'Acme.', replied_at: T.replied };

describe('toDeploymentResource', () => {
  it('pending: expert and output null, no settlement fields', () => {
    const resource = resourceOf(HISTORIES.pending);
    expect(resource).toStrictEqual(PENDING);
    for (const field of ['credits_charged', 'duration_seconds', 'completed_at']) {
      expect(resource).not.toHaveProperty(field);
    }
  });

  it('accepted: the expert is populated', () => {
    expect(resourceOf(HISTORIES.accepted)).toStrictEqual({
      ...PENDING,
      status: 'accepted',
      expert: EXPERT,
      updated_at: T.accepted,
    });
  });

  it('in_progress', () => {
    expect(resourceOf(HISTORIES.in_progress)).toStrictEqual({
      ...PENDING,
      status: 'in_progress',
      expert: EXPERT,
      updated_at: T.started,
    });
  });

  it('needs_input: carries the question', () => {
    expect(resourceOf(HISTORIES.needs_input)).toStrictEqual({
      ...PENDING,
      status: 'needs_input',
      expert: EXPERT,
      question: QUESTION,
      updated_at: T.asked,
    });
  });

  it('back in progress after the reply: keeps the question with its reply', () => {
    expect(resourceOf(HISTORIES.answered)).toStrictEqual({
      ...PENDING,
      status: 'in_progress',
      expert: EXPERT,
      question: QUESTION,
      reply: REPLY,
      updated_at: T.replied,
    });
  });

  it('completed: output and settlement present', () => {
    expect(resourceOf(HISTORIES.completed)).toStrictEqual({
      ...PENDING,
      status: 'completed',
      expert: EXPERT,
      output: OUTPUT,
      credits_charged: 90,
      duration_seconds: 180,
      completed_at: T.ended,
      updated_at: T.ended,
    });
  });

  it('completed after a question: the exchange stays on the object', () => {
    const resource = resourceOf([...HISTORIES.answered, ev.completed()]);
    expect(resource).toMatchObject({ status: 'completed', question: QUESTION, reply: REPLY, output: OUTPUT });
  });

  it('cancelled from pending: cancellation set, no expert, no output', () => {
    expect(resourceOf(HISTORIES.cancelled)).toStrictEqual({
      ...PENDING,
      status: 'cancelled',
      cancellation: { cancelled_by: 'agent', reason: 'not needed', cancelled_at: T.ended },
      updated_at: T.ended,
    });
  });

  it('cancelled with a partial output: output is the partial output, expert kept', () => {
    const resource = resourceOf([...HISTORIES.in_progress, ev.cancelled(PARTIAL)]);
    expect(resource).toMatchObject({ status: 'cancelled', output: PARTIAL, expert: EXPERT });
    expect(resource).not.toHaveProperty('credits_charged');
  });

  it('expired before acceptance', () => {
    expect(resourceOf(HISTORIES.expired)).toStrictEqual({
      ...PENDING,
      status: 'expired',
      expiry: { reason: 'not_accepted', expired_at: T.ended },
      updated_at: T.ended,
    });
  });

  it('expired with the question unanswered: question kept, reply null', () => {
    const unanswered: DeploymentEvent = {
      type: 'deployment.expired',
      data: { deployment_id: DEP, reason: 'question_unanswered', expired_at: T.replyDeadline },
    };
    expect(resourceOf([...HISTORIES.needs_input, unanswered])).toStrictEqual({
      ...PENDING,
      status: 'expired',
      expert: EXPERT,
      question: QUESTION,
      expiry: { reason: 'question_unanswered', expired_at: T.replyDeadline },
      updated_at: T.replyDeadline,
    });
  });

  it('is plain JSON (it is stored as the read model row)', () => {
    const resource = resourceOf([...HISTORIES.answered, ev.completed()]);
    expect(JSON.parse(JSON.stringify(resource))).toStrictEqual(resource);
  });

  it('refuses the initial state: a programmer error, not a domain error', () => {
    expect(() => resourceOf([])).toThrow(Error);
    expect(() => resourceOf([])).not.toThrow(DomainError);
  });
});
