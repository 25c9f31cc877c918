export type Period = 'week' | 'month';

/** `2026-05-04` (a period's first day, a calendar date) as people read it; no time zone shift. */
export function periodName(start: string, period: Period): string {
  const [year, month, day] = start.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (period === 'month') return date.toLocaleDateString(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}
