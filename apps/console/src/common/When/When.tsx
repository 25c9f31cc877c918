import { formatDateTime, formatPreciseTime, formatTime, formatUtc } from '../format';

const FORMATS = { minute: formatDateTime, second: formatPreciseTime, time: formatTime } as const;

/**
 * A moment as people read it: the browser's time zone, named ("14:02 CET"), with the UTC reading
 * (the one event bodies carry) on hover and as the element's machine value. Every time on every
 * page goes through here or through the formatters it uses.
 */
export function When({ iso, precision = 'minute' }: { iso: string | Date; precision?: keyof typeof FORMATS }) {
  const value = typeof iso === 'string' ? iso : iso.toISOString();
  return (
    <time dateTime={value} title={formatUtc(value)}>
      {FORMATS[precision](value)}
    </time>
  );
}
