import { DomainError } from '@eh/contracts';
import type { EarningsPeriodUnit, EarningsRange } from '@eh/deployments';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A bound of the export's range: a day (`2026-05-01`, its start in UTC) or an instant with its
 * offset (`2026-05-01T09:00:00+02:00`). Anything else, or a day that does not exist, is refused
 * naming the parameter.
 */
function parseBound(value: unknown, name: 'from' | 'to'): Date | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !(DATE.test(value) || DATE_TIME.test(value))) {
    throw new DomainError('invalid_request', `${name} must be a date (YYYY-MM-DD) or a date and time with its offset (ISO 8601)`, name);
  }
  const at = new Date(DATE.test(value) ? `${value}T00:00:00Z` : value);
  // `2026-02-30` parses to March: a day that does not exist is refused rather than moved.
  if (Number.isNaN(at.getTime()) || (DATE.test(value) && at.toISOString().slice(0, 10) !== value)) {
    throw new DomainError('invalid_request', `${name} is not a real date: ${value}`, name);
  }
  return at;
}

/** `from` (inclusive) and `to` (exclusive), each optional; `from` after or at `to` is refused naming `to`. */
export function parseEarningsRange(query: { from?: unknown; to?: unknown }): EarningsRange {
  const from = parseBound(query.from, 'from');
  const to = parseBound(query.to, 'to');
  if (from && to && from.getTime() >= to.getTime())
    throw new DomainError('invalid_request', 'to must be later than from (from is inclusive, to exclusive)', 'to');
  return { from, to };
}

export function parsePeriod(value: unknown): EarningsPeriodUnit {
  if (value === undefined || value === '') return 'month';
  if (value === 'week' || value === 'month') return value;
  throw new DomainError('invalid_request', 'period must be "week" or "month"', 'period');
}

/** An IANA zone name the runtime knows (`Europe/Paris`, `UTC`); UTC when absent. */
export function parseTimeZone(value: unknown): string {
  if (value === undefined || value === '') return 'UTC';
  if (typeof value === 'string' && value.length <= 64 && /^[A-Za-z0-9_+\-/]+$/.test(value)) {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
    } catch {
      // refused below
    }
  }
  throw new DomainError('invalid_request', 'time_zone must be an IANA time zone name, such as Europe/Paris', 'time_zone');
}

/** The download's file name: the range it covers, so two exports do not overwrite each other. */
export function earningsFileName(range: EarningsRange): string {
  const day = (at: Date | null, open: string) => (at ? at.toISOString().slice(0, 10) : open);
  return `earnings-${day(range.from, 'start')}-to-${day(range.to, 'now')}.csv`;
}
