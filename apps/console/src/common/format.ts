/** Formatting shared by every page: the person's own locale and time zone. */

/** 75 → "1:15", 3725 → "1:02:05". */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** 3900 → "1 h 5 min"; 59 → "under a minute". */
export function formatDuration(totalSeconds: number): string {
  const minutes = Math.floor(Math.max(0, totalSeconds) / 60);
  if (minutes === 0) return 'under a minute';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h > 0 ? `${h} h` : '', m > 0 ? `${m} min` : ''].filter(Boolean).join(' ');
}

/*
 * Every time shown carries its zone ("1 Dec 2026, 14:02 CET"): event bodies and the API are in
 * UTC, and a time without a zone reads as either. The zone is the browser's; <When> adds the UTC
 * reading on hover and as the element's machine value.
 */
const DATE_AND_MINUTE: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};
const dateTime = new Intl.DateTimeFormat(undefined, DATE_AND_MINUTE);
const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
const precise = new Intl.DateTimeFormat(undefined, { ...DATE_AND_MINUTE, second: '2-digit' });
const utc = new Intl.DateTimeFormat(undefined, { ...DATE_AND_MINUTE, second: '2-digit', timeZone: 'UTC' });

const asDate = (value: string | Date): Date => (typeof value === 'string' ? new Date(value) : value);
export const formatDateTime = (iso: string | Date): string => dateTime.format(asDate(iso));
/** With seconds: attempts and retries seconds apart must read apart. */
export const formatPreciseTime = (iso: string | Date): string => precise.format(asDate(iso));
export const formatTime = (iso: string | Date): string => time.format(asDate(iso));
/** The same instant in UTC, as event bodies and the API write it (the hover text of every time). */
export const formatUtc = (iso: string | Date): string => utc.format(asDate(iso));

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;
