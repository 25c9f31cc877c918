import { Fact } from '../../common/Fact/Fact';
import { useState, type FormEvent } from 'react';
import { describeError, fieldError, formError } from '../../api/api-error';
import { useGiveFeedback } from '../../api/deployment-queries';
import type { Deployment, Mode } from '../../api/dashboard-types';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Field } from '../../common/Field/Field';
import { When } from '../../common/When/When';
import { SubmitButton } from '../../common/SubmitButton/SubmitButton';

/** The words beside each rating, so 1–5 means the same to every member. */
export const RATING_TEXT: Record<number, string> = { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very good', 5: 'Excellent' };
const LABELS = { rating: 'Rating', comment: 'Comment' };

/**
 * The workspace's rating of completed work: asked for once, then shown as given (the API takes one
 * rating per deployment; it counts in how work is routed to this expert for the workspace).
 */
export function Feedback({ mode, deployment: d }: { mode: Mode; deployment: Deployment }) {
  if (d.status !== 'completed') return null;
  return (
    <section className="card" aria-labelledby="feedback-heading">
      <h2 id="feedback-heading">{d.feedback ? 'Your rating' : 'Rate this work'}</h2>
      {d.feedback ? <GivenFeedback feedback={d.feedback} /> : <FeedbackForm mode={mode} deployment={d} />}
    </section>
  );
}

function GivenFeedback({ feedback }: { feedback: NonNullable<Deployment['feedback']> }) {
  return (
    <dl className="facts">
      <Fact label="Rating" className="rating-given">
        <span aria-hidden="true">
          {'★'.repeat(feedback.rating)}
          {'☆'.repeat(5 - feedback.rating)}{' '}
        </span>
        {feedback.rating} of 5, {RATING_TEXT[feedback.rating]}
      </Fact>
      <Fact label="Comment" className="brief">
        {feedback.comment ?? <span className="muted">None</span>}
      </Fact>
      <Fact label="Given">
        <When iso={feedback.given_at} />
      </Fact>
    </dl>
  );
}

function FeedbackForm({ mode, deployment: d }: { mode: Mode; deployment: Deployment }) {
  const give = useGiveFeedback(mode, d.id);
  const announce = useAnnounce();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) {
      setMissing(true);
      return;
    }
    give.mutate(
      { rating, comment: comment.trim() },
      { onSuccess: () => announce(`Rating saved: ${rating} of 5.`), onError: (failure) => announce(`Not saved: ${describeError(failure, LABELS)}`, 'error') },
    );
  };
  const ratingError = missing && rating === null ? 'Choose a rating from 1 to 5.' : fieldError(give.error, 'rating', LABELS);
  const commentError = fieldError(give.error, 'comment', LABELS);
  const otherError = formError(give.error, LABELS);
  return (
    <form onSubmit={submit} noValidate aria-label="Rate this work">
      <p className="muted small">
        {d.expert ? `${d.expert.name} reads it in their history.` : 'The expert reads it in their history.'} It counts when work of this kind is routed for your
        workspace.
      </p>
      <fieldset className={`rating-choice${ratingError ? ' field--invalid' : ''}`} aria-describedby={ratingError ? 'rating-error' : undefined}>
        <legend>Rating</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className="checkbox checkbox--inline">
            <input type="radio" name="rating" value={value} checked={rating === value} onChange={() => setRating(value)} />
            {value} {RATING_TEXT[value]}
          </label>
        ))}
        {ratingError && (
          <p id="rating-error" className="field__error">
            <span aria-hidden="true">⚠ </span>
            {ratingError}
          </p>
        )}
      </fieldset>
      <Field label="Comment (optional)" id="feedback-comment" error={commentError}>
        <textarea rows={3} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} />
      </Field>
      {otherError && (
        <p className="form__error" role="alert">
          {otherError}
        </p>
      )}
      <SubmitButton busy={give.isPending} busyLabel="Submitting…">
        Submit
      </SubmitButton>
    </form>
  );
}
