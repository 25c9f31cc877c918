/** The day after `day` (`YYYY-MM-DD`): the export's `to` is exclusive, the form's "To" inclusive. */
export function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The export's address for the chosen days (both optional), or the reason it cannot be made. */
export function exportHref(from: string, to: string): { href: string } | { error: string } {
  if (from && to && from > to) return { error: 'To must be on or after From.' };
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', dayAfter(to));
  const search = query.toString();
  return { href: `/expert/v1/earnings.csv${search ? `?${search}` : ''}` };
}
