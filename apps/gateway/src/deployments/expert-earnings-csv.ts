import type { EarningsExportRow } from '@eh/deployments';

/** The export's columns, in order: the header row names them. */
export const EARNINGS_CSV_COLUMNS = ['completed_at', 'deployment_id', 'skills', 'credits_charged', 'duration_seconds', 'rating', 'brief'] as const;

/** A spreadsheet runs a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field as RFC 4180 writes it: quoted when it holds a quote, a comma or a line break, with
 * quotes doubled. Text that a spreadsheet would read as a formula (a brief written by someone
 * else can start with `=`) gets a leading apostrophe, the usual guard; numbers are left alone.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A record ends with CRLF, as RFC 4180 says (every spreadsheet reads it). */
export const csvRecord = (fields: readonly (string | number | null)[]): string => `${fields.map(csvField).join(',')}\r\n`;

export const earningsCsvHeader = (): string => csvRecord(EARNINGS_CSV_COLUMNS);

export function earningsCsvRow(row: EarningsExportRow): string {
  // Skills are joined by a space: tags hold no spaces, and a comma inside a field would be quoted anyway.
  return csvRecord([row.completed_at, row.deployment_id, row.skills.join(' '), row.credits_charged, row.duration_seconds, row.rating, row.brief]);
}
