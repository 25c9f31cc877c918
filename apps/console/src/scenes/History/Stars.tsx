import type { Earnings } from '../../api/types';

const OUT_OF = 5;

/**
 * A rating as five stars drawn for the eye, with the number in words for everyone else (the stars
 * are hidden from screen readers; "4.3 out of 5" is read instead).
 */
export function Stars({ rating }: { rating: number }) {
  const shown = Math.round(rating * 10) / 10;
  const filled = Math.round(rating);
  return (
    <span className="stars">
      <span className="stars__glyphs" aria-hidden="true">
        {'★'.repeat(filled)}
        <span className="stars__empty">{'☆'.repeat(OUT_OF - filled)}</span>
      </span>{' '}
      <span className="stars__text">
        {shown.toLocaleString('en-GB', { maximumFractionDigits: 1 })}
        <span className="visually-hidden"> out of {OUT_OF}</span>
      </span>
    </span>
  );
}

/** One piece of work's rating and comment, or that none was given yet. */
export function Feedback({ feedback }: { feedback: Earnings['data'][number]['feedback'] }) {
  if (!feedback) return <span className="muted">Not rated</span>;
  return (
    <span className="feedback">
      <Stars rating={feedback.rating} />
      {feedback.comment && <q className="feedback__comment">{feedback.comment}</q>}
    </span>
  );
}
