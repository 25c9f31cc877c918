import { DEP, EXPERT, HISTORIES, T, ev } from './testing/deployment.fixtures';
import { given } from './testing/decider.given-when-then';
import { FEEDBACK_WINDOW_DAYS } from './deployment.decider';
import { toDeploymentResource } from './deployment.resource';
import { foldDeployment } from './deployment.evolve';

const rate = (rating: number, comment: string | null = 'On brief.', now: string = T.now) => ({ type: 'give_feedback' as const, rating, comment, now });
const rated = [...HISTORIES.completed, ev.feedbackGiven(4, 'On brief.')];

describe('feedback on a deployment', () => {
  it('is one event naming the expert who did the work', () => {
    given(HISTORIES.completed)
      .when(rate(2, null))
      .then([{ type: 'deployment.feedback_given', data: { deployment_id: DEP, expert_id: EXPERT.id, rating: 2, comment: null, given_at: T.now } }]);
  });

  it('replays the same rating and comment with no new event, and refuses a different one', () => {
    given(rated).when(rate(4, 'On brief.')).then([]);
    expect(given(rated).when(rate(5, 'On brief.')).thenThrows('feedback_already_given')).toMatchObject({ field: 'rating' });
    given(rated).when(rate(4, 'Changed my mind.')).thenThrows('feedback_already_given');
  });

  it('takes whole ratings from 1 to 5 only', () => {
    for (const rating of [0, 6, 2.5, Number.NaN]) given(HISTORIES.completed).when(rate(rating)).thenThrows('invalid_request');
  });

  it(`closes ${FEEDBACK_WINDOW_DAYS} days after completion`, () => {
    const lastMoment = new Date(Date.parse(T.ended) + FEEDBACK_WINDOW_DAYS * 86_400_000).toISOString();
    const tooLate = new Date(Date.parse(lastMoment) + 1).toISOString();
    given(HISTORIES.completed)
      .when(rate(3, null, lastMoment))
      .then([expect.objectContaining({ type: 'deployment.feedback_given' }) as never]);
    given(HISTORIES.completed)
      .when(rate(3, null, tooLate))
      .thenThrows('feedback_window_closed');
  });

  it('shows on the deployment once given, and only then', () => {
    expect(toDeploymentResource(foldDeployment(rated)).feedback).toEqual({ rating: 4, comment: 'On brief.', given_at: T.now });
    expect('feedback' in toDeploymentResource(foldDeployment(HISTORIES.completed))).toBe(false);
  });
});
