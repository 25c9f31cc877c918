import { formatClock } from '../format';
import { When } from '../When/When';
import { useNow } from './use-now';

interface CountdownProps {
  /** ISO time the countdown runs to. */
  to: string;
  /** What ends then, e.g. "Offer expires", "Due". */
  label: string;
  /** Under this many seconds left it is marked urgent (in words and style). */
  urgentBelowSeconds?: number;
}

/**
 * "Offer expires in 4:32" with the exact time beside it. Not a live region: a screen reader
 * reads it when it reaches it, rather than every second.
 */
export function Countdown({ to, label, urgentBelowSeconds = 300 }: CountdownProps) {
  const now = useNow();
  const left = Math.round((Date.parse(to) - now) / 1000);
  const over = left <= 0;
  const urgent = !over && left < urgentBelowSeconds;
  return (
    <span className={`countdown${urgent ? ' countdown--urgent' : ''}${over ? ' countdown--over' : ''}`}>
      <span className="countdown__label">{label}</span>{' '}
      {over ? (
        <strong>passed ({formatClock(-left)} ago)</strong>
      ) : (
        <strong>
          in {formatClock(left)}
          {urgent && <span className="countdown__flag"> (soon)</span>}
        </strong>
      )}{' '}
      <span className="countdown__at">
        <When iso={to} />
      </span>
    </span>
  );
}
