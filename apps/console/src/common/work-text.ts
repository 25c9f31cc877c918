/** Words for the work's fields, shared by the pages. */

export const URGENCY_TEXT: Record<string, string> = {
  priority: 'Priority (shortest SLA)',
  standard: 'Standard',
  scheduled: 'Scheduled',
};

/** A short title from the brief: its first sentence or line, at most 90 characters. */
export function briefTitle(brief: string): string {
  const first = brief.trim().split(/\n|(?<=[.!?])\s/)[0] ?? '';
  return first.length > 90 ? `${first.slice(0, 87).trimEnd()}…` : first || 'Untitled brief';
}
